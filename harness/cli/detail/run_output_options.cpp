// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `run`'s options of what it reads and writes. The parent's outputs are not the callgrind
// child's: the child writes its counts to its own directory, and the parent writes the rest.

#include "harness/cli/detail/option_entries.h"

namespace clampbench::detail {

std::span<const Option> run_output_options() {
  static const Option kOptions[] = {
      {.name = "--out", .value = "FILE", .commands = kRun,
       .meaning = "results JSON (default results/latest.json), rewritten after every case (a temporary file "
                  "renamed; a symlink is written through)",
       .child_keeps = dropped, .apply = [](CommandArgs& a, const Given& g) { a.run.config.out = g.value; }},
      {.name = "--resume", .value = "FILE", .commands = kRun,
       .meaning = "continue the run whose results are FILE (an interrupted one): its cases are kept, the others "
                  "run; refused unless the selection, seed, backend and timing settings are the same; a kept case "
                  "lacking what this run measures runs again (or, for callgrind counts alone, is counted), and "
                  "every case is judged by this run's --expectations",
       .child_keeps = dropped, .apply = [](CommandArgs& a, const Given& g) { a.run.config.resume_path = g.value; }},
      {.name = "--dump", .value = "DIR", .commands = kRun,
       .meaning = "also write inputs/outputs as .npy files with DIR/manifest.json, made beside DIR and renamed "
                  "into place; an existing non-empty DIR is refused",
       .child_keeps = dropped, .apply = [](CommandArgs& a, const Given& g) { a.run.config.dump_dir = g.value; }},
      {.name = "--force", .kind = ValueKind::Switch, .commands = kRun,
       .meaning = "let --dump replace an earlier dump", .child_keeps = dropped,
       .apply = [](CommandArgs& a, const Given&) { a.run.config.force = true; }},
      {.name = "--expectations", .value = "FILE", .commands = kRun,
       .meaning = "known findings (default: ../share/clampbench/expectations.json next to the binary when "
                  "installed, else <source>/results/expectations.json)",
       .child_keeps = kept, .apply = [](CommandArgs& a, const Given& g) { a.run.config.expectations_path = g.value; }},
      {.name = "--trace", .kind = ValueKind::Switch, .commands = kRun,
       .meaning = "add each variant's allocation trace (op, dtype, shape, bytes, free) to the results, at most "
                  "256 allocations per variant",
       .child_keeps = kept, .apply = [](CommandArgs& a, const Given&) { a.run.config.trace = true; }},
      {.name = "--trace-out", .value = "FILE", .commands = kRun,
       .meaning = "write the allocation traces as a Chrome trace (Perfetto): one track per case x variant with a "
                  "live-bytes counter",
       .child_keeps = dropped, .apply = [](CommandArgs& a, const Given& g) { a.run.config.trace_out = g.value; }},
  };
  return kOptions;
}

}  // namespace clampbench::detail
