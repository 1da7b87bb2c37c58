// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Findings-level expectations: a rule names the outputs that may differ and the Persistent
// buffers that may change (optionally with the number of changed elements), and a variant's
// check findings are matched against them one by one. A finding not named, a named count that
// differs, or a named finding that did not show is unexpected (exit code 1) whatever the
// verdict class: a second mismatching output, or a raw write into another buffer, no longer
// hides behind a known finding of the same class.

#include <nlohmann/json.hpp>

#include "harness/results/case_result.h"
#include "harness/verdicts/expectation.h"

namespace clampbench {

// The expectations file's schema version that names findings (version 1: verdict classes only).
inline constexpr int kExpectationsVersion = 2;

// Reads a rule's "outputs" and "mutations" into `e` and checks that its verdict is what they
// add up to. Throws std::invalid_argument (the problem, without the file name).
void read_expected_findings(const nlohmann::json& rule, int version, Expectation& e);

// Fills vr.findings_listed and vr.unexpected_findings from the variant's output mismatches and
// mutations. A variant that failed is left alone: its error verdict speaks for it.
void match_findings(const Expectation& e, VariantResult& vr);

}  // namespace clampbench
