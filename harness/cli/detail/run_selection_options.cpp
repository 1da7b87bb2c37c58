// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `run`'s selection options: which cases and variants every pass, the dump and the results
// cover. The callgrind child takes the same selection, so that it counts the parent's cases.

#include "harness/selection/case_filter.h"
#include "harness/cli/detail/option_entries.h"
#include "harness/selection/shard.h"

namespace clampbench::detail {

std::span<const Option> run_selection_options() {
  static const Option kOptions[] = {
      {.name = "--suite", .kind = ValueKind::Names, .value = "NAME", .commands = kRun, .section = Section::Selection,
       .meaning = "only this suite (repeatable, or comma separated); default: all",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { split_names(g, a.run.config.suites); }},
      {.name = "--case", .value = "ID", .commands = kRun, .section = Section::Selection,
       .meaning = "only this case, named as in the results (repeatable; one id per flag, as labels hold "
                  "commas): --case 'ngram_find/B=1,L=256,K=3,ngram_range=0'; --benchmark_list_tests prints the ids",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { a.run.config.cases.push_back(g.value); }},
      {.name = "--axis", .value = "NAME=V", .commands = kRun, .section = Section::Selection,
       .meaning = "only cases whose parameter NAME is V; NAME=[V1,V2] for several values (repeatable: all must "
                  "hold; cases without the axis are left out)",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { a.run.config.axes.push_back(parse_axis_filter(g.value)); }},
      {.name = "--variant", .kind = ValueKind::Names, .value = "NAME", .commands = kRun,
       .section = Section::Selection,
       .meaning = "only this variant besides the reference \"clamp\" (repeatable, or comma separated)",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { split_names(g, a.run.config.variants); }},
      {.name = "--sizes", .value = "SET", .choices = "quick|nightly|full", .commands = kRun,
       .section = Section::Selection, .meaning = "the values each axis sweeps (default quick)",
       .child_keeps = kept,
       .apply = [](CommandArgs& a, const Given& g) { parse_size_set(one_of(g, "size set"), a.run.config.sizes); }},
      // Not for the child: a call's callgrind count moves by a few instructions with what the
      // process ran and allocated before it, so the child of every shard runs the whole
      // selection, as the unsharded run's child does, and each shard keeps its own cases'
      // counts -- the same counts as that run.
      {.name = "--shard", .value = "I/N", .commands = kRun, .section = Section::Selection,
       .meaning = "only shard I of N (1 <= I <= N <= 1000) of the cases the flags above select: those whose case "
                  "id hashes (FNV-1a 64, mod N) to I-1, so a case keeps its shard when others are added; recorded "
                  "as environment.shard; `clampbench merge` joins the N results files",
       .child_keeps = dropped,
       .apply = [](CommandArgs& a, const Given& g) { a.run.config.shard = parse_shard(g.value); }},
  };
  return kOptions;
}

}  // namespace clampbench::detail
