// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The tail of a progress line: how long the run has taken and how long the rest should take,
// from the mean time of the cases this process ran ("elapsed 1m05s, eta 2m10s"). The
// callgrind pass after the cases is not in the estimate.

#include <cstddef>
#include <string>

namespace clampbench {

// "0.4s", "12s", "4m05s", "1h02m".
std::string short_duration(double seconds);
// `ran` cases took `elapsed_s`; `left` are still to run.
std::string elapsed_and_eta(double elapsed_s, std::size_t ran, std::size_t left);

}  // namespace clampbench
