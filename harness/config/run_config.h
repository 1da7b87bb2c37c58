// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Every knob of `clampbench run`, resolved: the CLI (harness/cli/) parses the arguments and
// checks them against the registry and the machine once, then hands this on as const; the
// runner reads it and the results file records it. Defaults are the CI defaults.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/gbench_reporting.h"
#include "harness/config/instruction_method.h"
#include "harness/config/plant.h"
#include "suites/suite.h"

namespace clampbench {

// The timing loop's cap on samples per variant: --repetitions above it could never be met.
inline constexpr int kMaxRepetitions = 1000;
// The longest --timing-timeout and --benchmark_min_time: an hour per variant (or per sample)
// is already far past any use; infinity would never stop.
inline constexpr double kMaxTimingSeconds = 3600;

// `--axis R=8` or `--axis R=[1,8]`: keep the cases whose parameter R is one of the values.
struct AxisFilter {
  std::string name;
  std::vector<std::int64_t> values;
};

// --instructions resolved: the method the run counts with, and (environment.instructions)
// what was asked for and why the method is what it is.
struct InstructionChoice {
  InstructionMethod method = InstructionMethod::Off;
  std::string requested = "auto";  // auto | perf | callgrind | off
  std::string note;
};

// --shard I/N: this run takes the selected cases whose case id hashes to shard I of N
// (harness/selection/shard.h); `clampbench merge` joins the N results files into the whole run's.
struct Shard {
  int index = 1;  // 1..count
  int count = 1;
};

struct RunConfig {
  std::vector<std::string> suites;    // empty: every registered suite
  std::vector<std::string> variants;  // empty: every variant (the reference always runs)
  std::vector<AxisFilter> axes;       // --axis: all must hold (a case without the axis fails)
  std::vector<std::string> cases;     // --case: case ids ("suite/R=8,B=16"); empty: every case
  bool list_tests = false;            // --benchmark_list_tests: print the selection, run nothing
  SizeSet sizes = SizeSet::Quick;
  bool use_cuda = false;              // --backend: cuda, or auto on a machine with a CUDA device
  std::string allocator = "caching";  // caching | async | raw (cuda); host uses pageable memory
  int repetitions = 10;                // --repetitions: the fewest samples per variant
  std::uint64_t seed = 1;
  std::string out = "results/latest.json";
  std::string dump_dir;               // empty: no dump
  bool force = false;                 // --force: --dump may replace an earlier dump
  std::string resume_path;            // --resume: the results file of the run to continue
  std::optional<Shard> shard;         // --shard I/N; nullopt: every selected case
  bool trace = false;                 // --trace: each variant's allocation trace in the results
  std::string trace_out;              // --trace-out: the traces as a Chrome trace file; empty: none
  std::string expectations_path;      // --expectations, else default_expectations_path()
  bool timing = true;
  Plant plant;                        // --plant (harness/config/plant.h); none by default
  InstructionChoice instructions;
  double min_time_s = 0.002;          // per sample (--benchmark_min_time): the batch lasts this long
  double max_noise = 0.01;            // --max-noise: stop sampling a case when every variant is under
  double timing_timeout_s = 0.3;      // --timing-timeout: per variant of a case, then stop anyway
  bool l2_flush = false;              // --l2-flush: cuda samples of one call each, L2 flushed before
  GbenchReporting gbench;                    // --benchmark_format/_out/...: the samples' reporters
  std::vector<std::string> command_line;     // argv as given, for the results file
  std::vector<std::string> child_run_args;   // what the callgrind child keeps of it (cli/child_run_args.h)
  std::string self_exe;                      // this program, re-run under valgrind; "" in-process
  // The hidden --instruction-child DIR: this run is the callgrind method's child
  // (callgrind_child.h), set on its command line by the parent only; "" for any other run.
  std::string instruction_child_dir;
};

}  // namespace clampbench
