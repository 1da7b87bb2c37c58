// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// How busy the machine was while it was timed: the 1-minute load average at the start and
// end of the run, and the CPU count. compare.py will not call a time change BETTER or WORSE
// between runs measured on an overloaded machine; two quick runs of one commit on a loaded
// 2-core VM otherwise differ by up to 1.6x.

#include <optional>

#include <nlohmann/json.hpp>

namespace clampbench::detail {

// The 1-minute load average from /proc/loadavg; nullopt where the system has none.
std::optional<double> load_average_1m();

// {"cpus": N, "load_1m_start": a, "load_1m_end": b}, or null when the load is unknown.
nlohmann::json machine_load_json(std::optional<double> at_start, std::optional<double> at_end);

}  // namespace clampbench::detail
