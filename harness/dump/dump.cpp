// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/dump/dump.h"

#include <ostream>

#include <fmt/format.h>

#include "harness/interrupt.h"
#include "harness/output/terminal_text.h"

namespace clampbench {

Dump::Dump(const RunConfig& config, const Environment& environment) : config_(config) {
  if (config.dump_dir.empty()) return;
  // The dump's manifest (detail/dump_directory.h), not the results: its header names the run
  // it came from.
  nlohmann::json header = {
      {"seed", config.seed}, {"clampbench_version", environment.clampbench_version},
      {"git_commit", environment.git_commit ? nlohmann::json(*environment.git_commit) : nlohmann::json(nullptr)},
      {"size_set", environment.size_set}, {"backend", environment.backend}};
  directory_.emplace(config.dump_dir, config.force, std::move(header));
}

void Dump::fail(const std::exception& e, std::vector<std::string>& internal_errors) {
  internal_errors.push_back(fmt::format("--dump: {} not written: {}", config_.dump_dir, e.what()));
  directory_.reset();  // removes what was written
}

void Dump::add(const Suite& s, const ParamPoint& p, const CaseResult& c, Runner& runner,
               std::vector<std::string>& internal_errors, std::ostream& log) {
  if (!directory_) return;
  try {
    CaseData inputs = s.make_inputs(p, config_.seed, runner.case_device(s));
    std::vector<HostTensor> snaps;
    for (const auto& b : inputs.buffers) snaps.push_back(host_view(b.tensor));
    directory_->add_case(c, inputs, snaps);
  } catch (const std::exception& e) {
    fail(e, internal_errors);
    log << "clampbench: error: " << terminal_text(internal_errors.back()) << "; the run goes on without it" << std::endl;
  }
}

void Dump::finish(std::vector<std::string>& internal_errors) {
  if (!directory_) return;
  if (interrupt_signal()) return directory_.reset();
  try {
    directory_->finish();
  } catch (const std::exception& e) {
    fail(e, internal_errors);
  }
  directory_.reset();
}

}  // namespace clampbench
