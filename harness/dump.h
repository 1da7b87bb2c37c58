// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// --dump DIR: every case's inputs (as made), every variant's outputs and the persistent
// inputs as each variant left them, as .npy files, with DIR/manifest.json listing them
// (layout in results/SCHEMA.md), so a case can be reproduced in Python.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/case_result.h"

namespace clampbench {

class Dump {
 public:
  explicit Dump(std::string dir);  // the directory must exist (the CLI creates it)
  // Writes the case's files now; `inputs` are host views of the inputs before any call.
  void add_case(const CaseResult& c, const CaseData& input_layout, const std::vector<HostTensor>& inputs);
  // Writes DIR/manifest.json (atomically).
  void finish() const;

 private:
  std::string dir_;
  nlohmann::json cases_ = nlohmann::json::array();
};

// "R=64,B=256" -> "R64_B256": a directory name without shell-special characters.
std::string dump_dir_name(const std::string& label);

}  // namespace clampbench
