// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Each command's name, the fixed parts of its help (the options' lines come from the option
// table), and its operands; and `clampbench help`, the list of commands.

#include <stdexcept>

#include "harness/cli/commands.h"
#include "harness/cli/detail/command_pages.h"

namespace clampbench {

namespace {
constexpr const char* kExitCodes = R"(
exit codes: 0 verdicts and findings as expected, 1 a verdict or finding (an output,
            a changed buffer, a count) differs from the expectations,
            2 bad usage or input, 3 internal, CUDA or I/O error (an output that could not
            be written: results, dump, trace, stdout), 130/143 interrupted by SIGINT/SIGTERM
            (the cases done are in the results)
)";

bool take_suite(CommandArgs& a, const std::string& operand) {
  if (operand.empty() || !a.explain.suite.empty()) return false;
  a.explain.suite = operand;
  return true;
}

bool take_shard_file(CommandArgs& a, const std::string& operand) {
  a.merge.inputs.push_back(operand);
  return true;
}

// A static array, as the option table: parsing takes no heap for it.
constexpr detail::CommandPage kPages[] = {
      {Command::Run, "run", R"(usage: clampbench run [options]

Runs every selected case in every selected variant: counts allocations, checks outputs and
persistent inputs against "clamp", times (Google Benchmark), writes the results JSON.
)", "run options:", kExitCodes, nullptr},
      {Command::List, "list", R"(usage: clampbench list [--json]

Every registered suite: description, vLLM file and function, variants, later readers, axes
with their quick/nightly/full values, and how many cases each size set has. The cases of
one shard of a selection: clampbench run ... --shard I/N --benchmark_list_tests.
)", nullptr, "", nullptr},
      {Command::Explain, "explain",
       R"txt(usage: clampbench explain SUITE [--case ID] [--base NAME] [--head NAME] [--all] [--trace-out FILE]

Runs one case on the host in every variant and prints, op by op, the allocations --head
saves against --base (defaults clamp and clamp_): "clamp_ saves: clamp (int32 [8], 32 B)".
)txt", nullptr, "", take_suite},
      {Command::Merge, "merge", R"(usage: clampbench merge SHARD.json... -o MERGED.json

Joins the results files of the N shards of one run (run --shard I/N, I = 1..N) into the
results file the run without --shard writes: its cases in that run's order, the summary
and the outcome computed again. Refused (exit 2, nothing written): files of different
builds, settings, selections, seeds, expectations or shard counts; a shard missing or given
twice; a case in two files, in the wrong shard, or missing; an interrupted shard; an
integer figure that is not a whole number in its field's range (a count of -1, 8.5, true).
)", nullptr, R"(
exit codes: as the unsharded run's would be: 0 every verdict and finding as expected,
            1 some differ from the expectations, 3 a shard had an internal error or the
            merged file could not be written; 2 refused (one line naming the files)
)", take_shard_file},
};
}  // namespace

namespace detail {
const CommandPage& command_page(Command command) {
  for (const CommandPage& p : kPages)
    if (p.command == command) return p;
  throw std::logic_error("a command without a page");
}
}  // namespace detail

std::string usage_text() {
  return std::string(R"(usage: clampbench <command> [options]

commands:
  run [options]        run the suites, check the variants, write the results JSON
  list [--json]        every suite: variants, axes (quick/nightly/full), device, vLLM source
  explain SUITE [--case ID]  which op's allocation clamp_ saves (explain --help)
  merge SHARD.json... -o OUT  join the results of `run --shard I/N`, I = 1..N (merge --help)
  help [COMMAND]       this text, or the options of one command (also: COMMAND --help)
  --version            the version: CMake project VERSION + git describe at configure time
)") + kExitCodes;
}

}  // namespace clampbench
