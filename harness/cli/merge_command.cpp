// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `clampbench merge SHARD.json... -o MERGED.json` (harness/merge/merge.h): the output checked like
// run's --out before anything is read, written by the results writer (temporary file +
// rename, a symlink written through).

#include <ostream>

#include <fmt/format.h>

#include "harness/cli/cli.h"
#include "harness/output/output_path.h"
#include "harness/merge/merge.h"
#include "harness/outcome.h"
#include "harness/results_writer.h"

namespace clampbench {

std::string merge_usage_text() {
  return R"(usage: clampbench merge SHARD.json... -o MERGED.json

Joins the results files of the N shards of one run (run --shard I/N, I = 1..N) into the
results file the run without --shard writes: its cases in that run's order, the summary
and the outcome computed again. Refused (exit 2, nothing written): files of different
builds, settings, selections, seeds, expectations or shard counts; a shard missing or given
twice; a case in two files, in the wrong shard, or missing; an interrupted shard.
  -o, --out FILE       the merged results (a temporary file renamed; a symlink is written
                       through; a FIFO, directory or an input file is refused)
  --help, -h           this text

exit codes: as the unsharded run's would be: 0 every verdict and finding as expected,
            1 some differ from the expectations, 3 a shard had an internal error or the
            merged file could not be written; 2 refused (one line naming the files)
)";
}

int merge_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                  const std::vector<Suite>& suites, std::ostream& out, std::ostream& err) {
  std::vector<std::string> inputs;
  std::string target;
  bool has_target = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "-o" || a == "--out") {
      if (i + 1 >= args.size()) throw UsageError(fmt::format("merge: {} needs a value", a));
      target = args[++i];
      has_target = true;
    } else if (a.rfind("--out=", 0) == 0) {
      target = a.substr(6);
      has_target = true;
    } else if (a.rfind("-", 0) == 0 && a != "-") {
      throw UsageError(fmt::format("unknown flag '{}' for merge (clampbench help merge)", a));
    } else {
      inputs.push_back(a);
    }
  }
  if (!has_target) throw UsageError("merge: -o MERGED.json is required");
  if (target.empty()) throw UsageError("merge: -o '': empty value");
  if (inputs.empty()) throw UsageError("merge: no shard files given (merge SHARD.json... -o MERGED.json)");
  if (std::string why = check_output_file(target); !why.empty()) throw UsageError(fmt::format("merge: -o: {}", why));
  for (const auto& in : inputs)
    if (same_output(target, in)) throw UsageError(fmt::format("merge: -o '{}' is the input file '{}'", target, in));
  const RunDocument doc = merge_shards(inputs, suites, argv_all);
  std::vector<std::string> texts;
  for (const auto& c : doc.cases) texts.push_back(case_text(c, doc.with_traces));
  try {
    write_file_atomically(target, results_text(doc, texts));
  } catch (const std::exception& e) {
    err << "clampbench: error: merged results not written: " << e.what() << std::endl;
    return kExitInternal;
  }
  out << fmt::format("clampbench: {} shards, {} cases merged into {}; {}\n", inputs.size(), doc.cases.size(), target,
                     doc.outcome.status);
  for (const auto& e : doc.outcome.internal_errors) err << "clampbench: error: " << e << "\n";
  return doc.outcome.exit_code;
}

}  // namespace clampbench
