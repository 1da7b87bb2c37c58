// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The results document of results/SCHEMA.md as typed values. The modules that measure fill
// it (environment.h, run_conditions.h, the runner's CaseResult, outcome.h); only the writer
// (results_json/writer.h) turns it into JSON, and only the reader (results_json/reader.h) reads a
// results file back into it.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/case_result.h"
#include "harness/machine/run_conditions.h"
#include "harness/machine/run_placement.h"
#include "harness/results/outcome.h"
#include "harness/config/run_config.h"

namespace clampbench {

// The selection flags as given (empty: all), so that --resume can tell one run from another.
struct Selection {
  std::vector<std::string> suites, variants, cases;
  std::vector<AxisFilter> axes;
};

struct TimingSettings {
  int min_samples = 0;
  double max_noise = 0, timeout_s = 0, sample_time_s = 0;
  bool l2_flush = false;
};

// environment.shard: which part of the selection a file holds.
struct ShardRecord {
  std::optional<int> index;  // 1..count: one shard (run --shard); nullopt: all `count` shards, merged
  int count = 1;
};

// environment.expectations: the file the verdicts and findings were judged by, and a digest of
// its bytes (FNV-1a, 64-bit, hex) that tells two runs judged by different rules apart.
struct ExpectationsRecord {
  std::string path, fnv1a64;
};

// What was measured, where, built how: the "environment" object.
struct Environment {
  std::string clampbench_version;
  std::optional<std::string> git_commit, git_branch;
  std::optional<bool> git_dirty;
  std::string build_type, compiler;
  bool cuda_compiled = false;
  std::optional<std::string> cuda_runtime_version, cuda_driver_version;
  std::string device_name;
  std::optional<int> sm_count;
  std::string host_name, backend, allocator, host_allocator, size_set;
  Selection selection;
  std::optional<ShardRecord> shard;  // nullopt: the whole selection, run as one
  std::uint64_t seed = 0;
  int repetitions = 0;
  bool timing = false;
  RunPlacement placement;
  std::string plant;  // "" plants nothing (null in the results)
  std::optional<ExpectationsRecord> expectations;  // nullopt: not known (null in the results)
  TimingSettings timing_settings;
  InstructionChoice instructions;
  std::string time;  // UTC, ISO-8601
  std::vector<std::string> command_line;
  RunConditions conditions;  // machine_load and gpu_clocks once the run has ended
};

// How a run that did not finish stopped: outcome.status "interrupted" with these.
struct Interruption {
  int signo = 0;  // 0: still running (a checkpoint), or killed outright
  std::size_t cases_planned = 0;
};

struct RunDocument {
  Environment environment;
  std::vector<CaseResult> cases;  // resumed ones first; "summary" is computed from them
  Outcome outcome;
  std::optional<Interruption> interruption;
  bool with_traces = false;  // run --trace: each variant's allocation_trace
};

}  // namespace clampbench
