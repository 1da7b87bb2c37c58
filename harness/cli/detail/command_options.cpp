// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The options of `list`, `explain` and `merge`, and --help, which every command takes.

#include "harness/cli/detail/option_entries.h"

namespace clampbench::detail {

std::span<const Option> command_options() {
  static const Option kOptions[] = {
      {.name = "--json", .kind = ValueKind::Switch, .commands = kList, .meaning = "the same as one JSON array",
       .apply = [](CommandArgs& a, const Given&) { a.list_json = true; }},
      {.name = "--case", .value = "ID", .commands = kExplain,
       .meaning = "the case label (R=8,B=16) or id (suite/R=8,B=16); default the first quick case",
       .apply = [](CommandArgs& a, const Given& g) { a.explain.case_label = g.value; }},
      {.name = "--base", .value = "NAME", .commands = kExplain,
       .meaning = "the variant the others are compared with (default clamp)",
       .apply = [](CommandArgs& a, const Given& g) { a.explain.base = g.value; }},
      {.name = "--head", .value = "NAME", .commands = kExplain,
       .meaning = "the variant whose savings are printed (default clamp_)",
       .apply = [](CommandArgs& a, const Given& g) { a.explain.head = g.value; }},
      {.name = "--all", .kind = ValueKind::Switch, .commands = kExplain, .meaning = "every variant against --base",
       .apply = [](CommandArgs& a, const Given&) { a.explain.all = true; }},
      {.name = "--trace-out", .value = "FILE", .commands = kExplain,
       .meaning = "the case's allocation traces as a Chrome trace (Perfetto, chrome://tracing)",
       .apply = [](CommandArgs& a, const Given& g) { a.explain.trace_out = g.value; }},
      {.name = "--out", .alias = "-o", .value = "FILE", .commands = kMerge,
       .meaning = "the merged results (a temporary file renamed; a symlink is written through; a FIFO, "
                  "directory, input file or missing directory is refused)",
       .apply = [](CommandArgs& a, const Given& g) {
         a.merge.target = g.value;
         a.merge.has_target = true;
       }},
      // Looked for before any other argument: `run --bogus --help` prints the help.
      {.name = "--help", .alias = "-h", .kind = ValueKind::Switch, .commands = kRun | kList | kExplain | kMerge,
       .meaning = "this text", .child_keeps = kept, .apply = ask_for_help},
  };
  return kOptions;
}

}  // namespace clampbench::detail
