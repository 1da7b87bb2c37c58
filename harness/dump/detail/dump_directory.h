// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The files of one dump (dump.h) on disk: every case's inputs (as made), every variant's
// outputs and the persistent inputs as each variant left them, as .npy files, with
// DIR/manifest.json listing them (layout in results/SCHEMA.md).
// The files go to a fresh temporary directory beside DIR, which is renamed into place only
// when the manifest is written: a reader never sees half a dump, and two runs dumping to one
// DIR never mix (the later one fails, or with --force replaces the earlier one whole).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/results/case_result.h"

namespace clampbench::detail {

class DumpDirectory {
 public:
  // `target` passed check_output_dir; `header` (seed, git commit...) opens the manifest.
  // Throws std::runtime_error when the temporary directory cannot be made.
  DumpDirectory(std::string target, bool force, nlohmann::json header);
  ~DumpDirectory();  // removes the temporary directory unless it was renamed into place
  DumpDirectory(const DumpDirectory&) = delete;
  DumpDirectory& operator=(const DumpDirectory&) = delete;

  // Writes the case's files now; `inputs` are host views of the inputs before any call.
  void add_case(const CaseResult& c, const CaseData& input_layout, const std::vector<HostTensor>& inputs);
  // Writes manifest.json and renames the directory to the target (an existing non-empty
  // target only with `force`). Throws std::runtime_error; nothing temporary is left either way.
  void finish();
  // Drops what was written (a failed or interrupted run).
  void abandon();

 private:
  void commit();
  std::string target_, tmp_;
  bool force_;
  nlohmann::json manifest_;
};

// "R=64,B=256" -> "R64_B256": a directory name without shell-special characters.
std::string dump_dir_name(const std::string& label);

}  // namespace clampbench::detail
