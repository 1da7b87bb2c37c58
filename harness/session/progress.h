// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The one-line progress report per case on stderr, so a long nightly run shows where it is:
//   [ 3/41] mamba_prefix_caching R=64,B=256  clamp ✓ clamp_ ✓  0.12s
// ✓ marks a verdict as expected (named when it is not "same"); ✗ one that is not.

#include <string>
#include <vector>

#include "harness/results/case_result.h"

namespace clampbench {

std::string progress_line(std::size_t index, std::size_t total, const CaseResult& c);
// The closing table: per suite and variant, how many cases got each verdict.
std::string verdict_table(const std::vector<CaseResult>& cases);

}  // namespace clampbench
