// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The dump (--dump DIR): every case's inputs and outputs as .npy files with a manifest, so a
// case can be reproduced in Python; detail/dump_directory.h writes the files. The run adds
// its cases one by one. A write that fails (a full disk) drops the whole dump at once, which
// frees its space for the results file, and the run goes on without it; an interrupted run
// drops it too: a dump is whole or absent. Failures become internal errors.

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/dump/detail/dump_directory.h"
#include "harness/results/document.h"
#include "harness/config/run_config.h"
#include "harness/runner/runner.h"

namespace clampbench {

class Dump {
 public:
  // Nothing to do without --dump; `environment` gives the manifest its seed, commit and build.
  Dump(const RunConfig& config, const Environment& environment);
  // Inputs are made again from the seed (the generator is deterministic) and written with
  // the case's outputs.
  void add(const Suite& s, const ParamPoint& p, const CaseResult& c, Runner& runner,
           std::vector<std::string>& internal_errors, std::ostream& log);
  // Renames the dump into place, or drops it when the run was interrupted.
  void finish(std::vector<std::string>& internal_errors);

 private:
  void fail(const std::exception& e, std::vector<std::string>& internal_errors);
  const RunConfig& config_;
  std::optional<detail::DumpDirectory> directory_;
};

}  // namespace clampbench
