// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/instruction_child.h"

#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/instructions/callgrind_child.h"
#include "harness/instructions/instruction_pass.h"
#include "harness/output/atomic_file.h"
#include "harness/selection/case_filter.h"
#include "harness/usage_error.h"

namespace clampbench {

namespace fs = std::filesystem;

int run_instruction_child(const RunConfig& config, const std::vector<const Suite*>& suites, const std::string& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    throw UsageError(fmt::format("{} '{}': not a directory (the flag is the callgrind method's own)", kInstructionChildFlag, dir));
  std::string why_not;
  auto counter = make_callgrind_counter((fs::path(dir) / "cg.out").string(), why_not);
  nlohmann::json doc = {{"counts", nlohmann::json::object()}, {"errors", nlohmann::json::array()}};
  if (!counter) doc["errors"].push_back("callgrind child: " + why_not);
  for (const SelectedCase& c : counter ? selected_cases(suites, config) : std::vector<SelectedCase>{}) {
    CaseResult r;
    r.suite = c.suite->name;
    r.case_id = c.id;
    r.params = c.point;
    for (const Variant* v : selected_variants(*c.suite, config)) r.variants.emplace_back().name = v->name;
    CaseData inputs;
    try {
      inputs = c.suite->make_inputs(c.point, config.seed, DeviceType::Host);
    } catch (const std::exception&) {
      continue;  // the parent reports it
    }
    const double planted = config.plant.instruction_share();
    for (const auto& e : instruction_pass(*c.suite, r, inputs, *counter, planted)) doc["errors"].push_back(e);
    for (const auto& v : r.variants)
      if (v.instructions) doc["counts"][variant_id(r.case_id, v.name)] = *v.instructions;
  }
  write_file_atomically((fs::path(dir) / "counts.json").string(), doc.dump() + "\n");
  return 0;
}

}  // namespace clampbench
