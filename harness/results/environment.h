// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The "environment" of the results file: what was measured, where, built how. The machine
// around the run (environment.conditions) is recorded later, by the session.

#include <ctime>
#include <optional>
#include <string>

#include "harness/results/document.h"
#include "harness/config/run_config.h"

namespace clampbench {

Environment measure_environment(const RunConfig& config);
// Current UTC time as ISO-8601, "2026-12-02T12:00:00Z".
std::string utc_now_iso8601();
// `t` in that format.
std::string utc_iso8601(std::time_t t);
// The time `text` names when it is in exactly that format and a real date and time (no
// February 30th, no 24:00:00); nullopt otherwise.
std::optional<std::time_t> parse_utc_iso8601(const std::string& text);


}  // namespace clampbench
