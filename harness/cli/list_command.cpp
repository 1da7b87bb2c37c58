// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// `clampbench list [--json]`: what each suite is, where it comes from, what it sweeps.

#include <ostream>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "harness/cli/commands.h"
#include "harness/cli/options.h"

namespace clampbench {

namespace {
std::string values(const std::vector<std::int64_t>& v) {
  std::string out;
  for (auto x : v) out += fmt::format("{}{}", out.empty() ? "" : " ", x);
  return out;
}
const char* device_text(SuiteDevice d) { return d == SuiteDevice::Gpu ? "gpu" : "host"; }
}  // namespace

int list_command(const std::vector<std::string>& args, const std::vector<Suite>& suites, std::ostream& out) {
  print_list(suites, parse_command_args(Command::List, args).list_json, out);
  return 0;
}

void print_list(const std::vector<Suite>& suites, bool json, std::ostream& out) {
  if (json) {
    nlohmann::json j = nlohmann::json::array();
    for (const auto& s : suites) {
      nlohmann::json js = {{"name", s.name}, {"description", s.description}, {"device", device_text(s.device)},
                           {"vllm_file", s.vllm_file}, {"vllm_function", s.vllm_function},
                           {"outputs", s.output_names}, {"variants", nlohmann::json::array()},
                           {"readers", nlohmann::json::array()}, {"axes", nlohmann::json::array()},
                           {"cases", {{"quick", s.points(SizeSet::Quick).size()},
                                      {"nightly", s.points(SizeSet::Nightly).size()},
                                      {"full", s.points(SizeSet::Full).size()}}}};
      for (const auto& v : s.variants) js["variants"].push_back({{"name", v.name}, {"description", v.description}});
      for (const auto& r : s.readers) js["readers"].push_back({{"name", r.name}, {"description", r.description}});
      for (const auto& a : s.axes)
        js["axes"].push_back({{"name", a.name}, {"quick", a.quick}, {"nightly", a.nightly}, {"full", a.full}});
      j.push_back(js);
    }
    out << j.dump(2) << "\n";
    return;
  }
  for (const auto& s : suites) {
    out << fmt::format("{}  ({}; {} quick / {} nightly / {} full cases)\n", s.name, device_text(s.device),
                       s.points(SizeSet::Quick).size(), s.points(SizeSet::Nightly).size(),
                       s.points(SizeSet::Full).size());
    if (!s.description.empty()) out << "  " << s.description << "\n";
    out << fmt::format("  source:   {} :: {}\n", s.vllm_file, s.vllm_function);
    for (const auto& v : s.variants) out << fmt::format("  variant:  {:<12} {}\n", v.name, v.description);
    for (const auto& r : s.readers) out << fmt::format("  reader:   {:<12} {}\n", r.name, r.description);
    for (const auto& a : s.axes)
      out << fmt::format("  axis {:<8} quick [{}]  nightly [{}]  full [{}]\n", a.name, values(a.quick),
                         values(a.nightly), values(a.full));
    out << "\n";
  }
}

}  // namespace clampbench
