// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// read_environment of results_json/reader.h: the "environment" object back into its typed form,
// field for field as results_json/detail/writer_environment.cpp writes it.

#include <stdexcept>

#include "harness/results/environment.h"
#include "harness/results_json/reader.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

template <typename T>
std::optional<T> opt(const json& j, const char* key) {
  const json& v = j.at(key);
  return v.is_null() ? std::nullopt : std::optional<T>(v.get<T>());
}

GpuClocks gpu_clocks(const json& j) {
  GpuClocks g;
  g.available = j.at("available").get<bool>();
  if (!g.available) {
    g.reason = j.at("reason").get<std::string>();
    return g;
  }
  g.sm_clock_mhz = read_count<unsigned>(j.at("sm_clock_mhz"));
  g.max_sm_clock_mhz = read_count<unsigned>(j.at("max_sm_clock_mhz"));
  g.throttle_reasons = j.at("throttle_reasons").get<std::vector<std::string>>();
  return g;
}

// The start time as the writer writes it (utc_now_iso8601): merge takes the earliest by
// comparing the text, and warns of a shard's clock that runs ahead of its own.
std::string utc_time(const json& j) {
  if (!j.is_string() || !parse_utc_iso8601(j.get<std::string>())) refuse_value(j, "a UTC time like 2026-12-02T12:00:00Z");
  return j.get<std::string>();
}

InstructionMethod method(const json& j) {
  for (auto m : {InstructionMethod::Off, InstructionMethod::Perf, InstructionMethod::Callgrind})
    if (j.get<std::string>() == instruction_method_name(m)) return m;
  throw std::invalid_argument("unknown instructions.method " + j.dump());
}
}  // namespace

Environment read_environment(const json& j) {
  Environment e;
  e.clampbench_version = j.at("clampbench_version").get<std::string>();
  e.git_commit = opt<std::string>(j, "git_commit");
  e.git_branch = opt<std::string>(j, "git_branch");
  e.git_dirty = opt<bool>(j, "git_dirty");
  e.build_type = j.at("build_type").get<std::string>();
  e.compiler = j.at("compiler").get<std::string>();
  e.cuda_compiled = j.at("cuda_compiled").get<bool>();
  e.cuda_runtime_version = opt<std::string>(j, "cuda_runtime_version");
  e.cuda_driver_version = opt<std::string>(j, "cuda_driver_version");
  e.device_name = j.at("device_name").get<std::string>();
  if (!j.at("sm_count").is_null()) e.sm_count = read_integer<int>(j.at("sm_count"));
  e.host_name = j.at("host_name").get<std::string>();
  e.backend = j.at("backend").get<std::string>();
  e.allocator = j.at("allocator").get<std::string>();
  e.host_allocator = j.at("host_allocator").get<std::string>();
  e.size_set = j.at("size_set").get<std::string>();
  const json& sel = j.at("selection");
  e.selection.suites = sel.at("suites").get<std::vector<std::string>>();
  e.selection.variants = sel.at("variants").get<std::vector<std::string>>();
  e.selection.cases = sel.at("cases").get<std::vector<std::string>>();
  for (const auto& a : sel.at("axes"))
    e.selection.axes.push_back({a.at("name").get<std::string>(), read_list(a.at("values"), read_integer<std::int64_t>)});
  if (const auto it = j.find("shard"); it != j.end() && !it->is_null()) {
    ShardRecord s{read_optional_count<int>(it->at("index")), read_count<int>(it->at("count"))};
    if (s.count < 1 || (s.index && (*s.index < 1 || *s.index > s.count)))
      throw std::invalid_argument("shard " + it->dump() + " is not I/N with 1 <= I <= N");
    e.shard = s;
  }
  e.seed = read_integer<std::uint64_t>(j.at("seed"));
  e.repetitions = read_count<int>(j.at("repetitions"));
  e.timing = j.at("timing").get<bool>();
  const json& placement = j.at("placement");
  e.placement.aslr = opt<bool>(placement, "aslr");
  if (!placement.at("cpus_allowed").is_null()) e.placement.cpus_allowed = read_list(placement.at("cpus_allowed"), read_count<int>);
  e.plant = j.at("plant").is_null() ? "" : j.at("plant").get<std::string>();
  if (const auto it = j.find("expectations"); it != j.end() && !it->is_null())
    e.expectations = ExpectationsRecord{it->at("path").get<std::string>(), it->at("fnv1a64").get<std::string>()};
  const json& t = j.at("timing_config");
  e.timing_settings = {read_count<int>(t.at("min_samples")), t.at("max_noise").get<double>(), t.at("timeout_s").get<double>(),
                       t.at("sample_time_s").get<double>(), t.at("l2_flush").get<bool>()};
  const json& ins = j.at("instructions");
  e.instructions = {method(ins.at("method")), ins.at("requested").get<std::string>(), ins.at("note").get<std::string>()};
  e.time = utc_time(j.at("time"));
  e.command_line = j.at("command_line").get<std::vector<std::string>>();
  // machine_load and gpu_clocks are written once the run has ended; a checkpoint has neither.
  RunConditions& c = e.conditions;
  c.ended = j.contains("machine_load");
  if (c.ended && !j.at("machine_load").is_null()) {
    const json& load = j.at("machine_load");
    c.load = MachineLoad{read_count<unsigned>(load.at("cpus")), load.at("load_1m_start").get<double>(),
                         load.at("load_1m_end").get<double>()};
    c.load_1m_start = c.load->load_1m_start;
  }
  if (const auto it = j.find("gpu_clocks"); it != j.end()) {
    c.gpu_clocks_start = gpu_clocks(it->at("start"));
    c.gpu_clocks_end = gpu_clocks(it->at("end"));
  }
  return e;
}

}  // namespace clampbench
