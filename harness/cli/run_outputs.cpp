// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/cli/run_outputs.h"

#include <filesystem>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "harness/output/output_path.h"
#include "harness/usage_error.h"

namespace clampbench {

void validate_run_outputs(const RunConfig& c, const std::string& expectations_path) {
  using Named = std::pair<std::string, std::string>;  // flag, path
  std::vector<Named> files = {{"--out", c.out}};
  if (!c.trace_out.empty()) files.push_back({"--trace-out", c.trace_out});
  if (!c.gbench.out_file.empty()) files.push_back({"--benchmark_out", c.gbench.out_file});
  for (const auto& [flag, path] : files)
    if (std::string why = check_output_file(path); !why.empty()) throw UsageError(fmt::format("{}: {}", flag, why));
  for (std::size_t i = 0; i < files.size(); ++i)
    for (std::size_t j = i + 1; j < files.size(); ++j)
      if (same_output(files[i].second, files[j].second))
        throw UsageError(fmt::format("{} and {} name the same file '{}'", files[j].first, files[i].first, files[j].second));
  // What the run reads: an output over it would destroy it (--out may be --resume's file:
  // that is how a run continues in place).
  std::vector<Named> inputs = {{"--expectations", expectations_path}};
  if (!c.resume_path.empty()) inputs.push_back({"--resume", c.resume_path});
  for (const auto& [flag, path] : files)
    for (const auto& [in_flag, in_path] : inputs)
      if (same_output(path, in_path) && !(flag == "--out" && in_flag == "--resume"))
        throw UsageError(fmt::format("{} '{}' is the {} file", flag, path, in_flag));
  if (c.dump_dir.empty()) {
    if (c.force) throw UsageError("--force applies to --dump only (it lets a dump replace an earlier one)");
    return;
  }
  if (std::string why = check_output_dir(c.dump_dir, c.force); !why.empty()) throw UsageError("--dump: " + why);
  std::error_code ec;
  const auto dump = resolve_output(c.dump_dir);
  if (c.force && std::filesystem::is_directory(dump, ec) && !std::filesystem::is_empty(dump, ec) &&
      !std::filesystem::exists(dump / "manifest.json", ec))
    throw UsageError(fmt::format("--dump: '{}' holds no manifest.json; --force replaces only an earlier dump", c.dump_dir));
  files.insert(files.end(), inputs.begin(), inputs.end());
  for (const auto& [flag, path] : files)
    if (output_inside(path, c.dump_dir))
      throw UsageError(fmt::format("{} '{}' is inside --dump '{}'", flag, path, c.dump_dir));
}

}  // namespace clampbench
