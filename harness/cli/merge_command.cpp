// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `clampbench merge SHARD.json... -o MERGED.json` (harness/merge/merge.h): the output checked like
// run's --out before anything is read, but for a missing directory, which is refused rather
// than made (output_path.h); written by the results writer (temporary file + rename, a
// symlink written through).

#include <ostream>

#include <fmt/format.h>

#include "harness/cli/commands.h"
#include "harness/cli/options.h"
#include "harness/merge/merge.h"
#include "harness/output/output_path.h"
#include "harness/output/terminal_text.h"
#include "harness/results/outcome.h"
#include "harness/results_json/writer.h"

namespace clampbench {

int merge_command(const std::vector<std::string>& args, const std::vector<std::string>& argv_all,
                  const std::vector<Suite>& suites, std::ostream& out, std::ostream& err) {
  const MergeArgs parsed = parse_command_args(Command::Merge, args).merge;
  const std::vector<std::string>& inputs = parsed.inputs;
  const std::string& target = parsed.target;
  if (!parsed.has_target) throw UsageError("merge: -o MERGED.json is required");
  if (inputs.empty()) throw UsageError("merge: no shard files given (merge SHARD.json... -o MERGED.json)");
  if (std::string why = check_output_file(target, MissingDirectory::Refuse); !why.empty())
    throw UsageError(fmt::format("merge: -o: {}", why));
  for (const auto& in : inputs)
    if (same_output(target, in)) throw UsageError(fmt::format("merge: -o '{}' is the input file '{}'", target, in));
  std::vector<std::string> warnings;
  const RunDocument doc = merge_shards(inputs, suites, argv_all, warnings);
  for (const auto& w : warnings) err << "clampbench: warning: " << terminal_text(w) << "\n";
  std::vector<std::string> texts;
  for (const auto& c : doc.cases) texts.push_back(case_text(c, doc.with_traces));
  try {
    write_file_atomically(target, results_text(doc, texts));
  } catch (const std::exception& e) {
    err << "clampbench: error: merged results not written: " << terminal_text(e.what()) << std::endl;
    return kExitInternal;
  }
  out << fmt::format("clampbench: {} shards, {} cases merged into {}; {}\n", inputs.size(), doc.cases.size(),
                     terminal_text(target), doc.outcome.status);
  for (const auto& e : doc.outcome.internal_errors) err << "clampbench: error: " << terminal_text(e) << "\n";
  return doc.outcome.exit_code;
}

}  // namespace clampbench
