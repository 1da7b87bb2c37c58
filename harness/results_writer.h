// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The results document of results/SCHEMA.md (v1), and its atomic write: the JSON goes to a
// fresh `.<out>.tmp.XXXXXX` beside `<out>` and is renamed over it, so a reader never sees
// half a file.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/case_result.h"
#include "harness/outcome.h"
#include "harness/run_config.h"

namespace clampbench {

inline constexpr int kSchemaVersion = 1;

nlohmann::json case_json(const CaseResult& c);
nlohmann::json summary_json(const std::vector<CaseResult>& cases);
nlohmann::json outcome_json(const Outcome& o);
nlohmann::json results_json(const RunConfig& config, const nlohmann::json& environment,
                            const std::vector<CaseResult>& cases, const Outcome& outcome);

// Throws std::runtime_error naming the path when the file cannot be written; leaves no
// temporary file behind either way.
void write_file_atomically(const std::string& path, const std::string& contents);

}  // namespace clampbench
