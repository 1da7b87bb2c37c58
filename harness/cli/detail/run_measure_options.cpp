// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `run`'s options of what is measured and how. The callgrind child (on host, untimed) takes
// those that can change what it counts, and none that only a cuda or a timed run has.

#include <stdexcept>

#include "harness/cli/detail/option_entries.h"
#include "harness/config/plant.h"
#include "harness/instructions/callgrind_child.h"

namespace clampbench::detail {

namespace {
void take_plant(CommandArgs& a, const Given& g) {
  try {
    a.run.config.plant = Plant::parse(g.value);
  } catch (const std::invalid_argument& e) {
    throw UsageError(fmt::format("bad plant '{}': {}", g.value, e.what()));
  }
}
}  // namespace

std::span<const Option> run_measure_options() {
  static const Option kOptions[] = {
      {.name = "--backend", .value = "B", .choices = "auto|host|cuda", .commands = kRun,
       .meaning = "where the cases run (default auto: cuda when a device is present)", .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) {
         const std::string& b = one_of(g, "backend");
         a.run.backend = b == "host" ? BackendChoice::Host : b == "cuda" ? BackendChoice::Cuda : BackendChoice::Auto;
       }},
      // Not for the child, which runs on host: the allocator is the cuda cases'.
      {.name = "--allocator", .value = "A", .choices = "caching|async|raw", .commands = kRun,
       .meaning = "the cuda allocator (default caching); refused on host, whose cases use pageable memory",
       .child_keeps = dropped,
       .apply = [](CommandArgs& a, const Given& g) {
         a.run.config.allocator = one_of(g, "allocator");
         a.run.allocator_given = true;
       }},
      {.name = "--repetitions", .value = "N", .commands = kRun,
       .meaning = "the fewest timing samples per case and variant (default 10, at most 1000, the loop's cap)",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) {
         a.run.config.repetitions = read_repetitions(g, g.value);
       }},
      {.name = "--max-noise", .value = "X", .commands = kRun,
       .meaning = "timing stops for a case when every variant has --repetitions samples and its median's relative "
                  "standard error is under X (default 0.01), or at --timing-timeout",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) {
         a.run.config.max_noise = parse_number<double>(g);
         if (!(a.run.config.max_noise > 0 && a.run.config.max_noise < 1))
           throw UsageError(fmt::format("--max-noise must be between 0 and 1, not {}", g.value));
       }},
      {.name = "--timing-timeout", .value = "S", .commands = kRun,
       .meaning = "timing stops for a case after S seconds per variant (default 0.3), noise reached or not",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) {
         const double s = a.run.config.timing_timeout_s = parse_number<double>(g);
         if (!(s > 0 && s <= kMaxTimingSeconds))
           throw UsageError(fmt::format("--timing-timeout must be more than 0 and at most {} seconds, not {}",
                                        kMaxTimingSeconds, g.value));
       }},
      {.name = "--seed", .value = "S", .commands = kRun, .meaning = "input generator seed (default 1)",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { a.run.config.seed = parse_number<std::uint64_t>(g); }},
      {.name = "--no-timing", .kind = ValueKind::Switch, .commands = kRun,
       .meaning = "skip the Google Benchmark timing pass", .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given&) { a.run.config.timing = false; }},
      {.name = "--instructions", .value = "M", .choices = "auto|perf|callgrind|off", .commands = kRun,
       .meaning = "count each call's user-space instructions with perf (the hardware counter), callgrind (a child "
                  "run under valgrind, exact), or not at all (off); auto (default): perf where the hardware "
                  "counts, else callgrind if valgrind is installed",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) {
         a.run.config.instructions.requested = one_of(g, "instruction counter");
       }},
      // Not for the child: it runs on host.
      {.name = "--l2-flush", .kind = ValueKind::Switch, .commands = kRun,
       .meaning = "cuda: one call per sample, the device's L2 overwritten before each (NVBench's cold measurement)",
       .child_keeps = dropped, .apply = [](CommandArgs& a, const Given&) { a.run.config.l2_flush = true; }},
      // A delay plant is not for the child: it stalls the timing pass only, and a planted run's
      // counts must equal a plain run's (the child's command line is part of what it counts).
      {.name = "--plant", .value = "KIND", .commands = kRun,
       .meaning = "plant a known change to check a gate end to end: slowdown (the builder runs twice per timed "
                  "call), instructions (+10% per counted call), allocation (one more 64-byte allocation) or "
                  "delay:R[:SUITE] (each timed call of SUITE, or of every suite, made R times as long by a "
                  "memory-bound stall; allocations and instructions unchanged); recorded as environment.plant",
       .child_keeps = [](const std::string& kind) { return kind.rfind("delay:", 0) != 0; }, .apply = take_plant},
      // The child's own flag (callgrind_child.h), added by the parent; not in the help.
      {.name = kInstructionChildFlag, .value = "DIR", .commands = kRun, .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { a.run.config.instruction_child_dir = g.value; }},
  };
  return kOptions;
}

}  // namespace clampbench::detail
