// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The "environment" of results_json/writer.h: the run's settings, the build, the machine.

#include "harness/results_json/writer.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

template <typename T>
json opt(const std::optional<T>& v) { return v ? json(*v) : json(nullptr); }

json gpu_clocks_json(const GpuClocks& g) {
  if (!g.available) return {{"available", false}, {"reason", g.reason}};
  return {{"available", true}, {"sm_clock_mhz", g.sm_clock_mhz}, {"max_sm_clock_mhz", g.max_sm_clock_mhz},
          {"throttle_reasons", g.throttle_reasons}};
}

}  // namespace

json to_json(const Environment& e) {
  json axes = json::array();
  for (const auto& a : e.selection.axes) axes.push_back({{"name", a.name}, {"values", a.values}});
  const TimingSettings& t = e.timing_settings;
  json j = {
      {"clampbench_version", e.clampbench_version}, {"git_commit", opt(e.git_commit)},
      {"git_branch", opt(e.git_branch)}, {"git_dirty", opt(e.git_dirty)}, {"build_type", e.build_type},
      {"compiler", e.compiler}, {"cuda_compiled", e.cuda_compiled},
      {"cuda_runtime_version", opt(e.cuda_runtime_version)}, {"cuda_driver_version", opt(e.cuda_driver_version)},
      {"device_name", e.device_name}, {"sm_count", opt(e.sm_count)}, {"host_name", e.host_name},
      {"backend", e.backend}, {"allocator", e.allocator}, {"host_allocator", e.host_allocator},
      {"size_set", e.size_set},
      {"selection", {{"suites", e.selection.suites}, {"variants", e.selection.variants},
                     {"cases", e.selection.cases}, {"axes", axes}}},
      {"shard", e.shard ? json{{"index", opt(e.shard->index)}, {"count", e.shard->count}} : json(nullptr)},
      {"seed", e.seed}, {"repetitions", e.repetitions}, {"timing", e.timing},
      {"placement", {{"aslr", opt(e.placement.aslr)}, {"cpus_allowed", opt(e.placement.cpus_allowed)}}},
      {"plant", e.plant.empty() ? json(nullptr) : json(e.plant)},
      {"expectations", e.expectations ? json{{"path", e.expectations->path}, {"fnv1a64", e.expectations->fnv1a64}}
                                      : json(nullptr)},
      {"timing_config", {{"min_samples", t.min_samples}, {"max_noise", t.max_noise}, {"timeout_s", t.timeout_s},
                         {"sample_time_s", t.sample_time_s}, {"interleaved", true}, {"l2_flush", t.l2_flush}}},
      {"instructions", {{"method", instruction_method_name(e.instructions.method)},
                        {"requested", e.instructions.requested}, {"note", e.instructions.note}}},
      {"time", e.time}, {"command_line", e.command_line}};
  const RunConditions& c = e.conditions;
  if (!c.ended) return j;  // a checkpoint while the run goes on
  j["machine_load"] = c.load ? json{{"cpus", c.load->cpus}, {"load_1m_start", c.load->load_1m_start},
                                    {"load_1m_end", c.load->load_1m_end}}
                             : json(nullptr);
  if (c.gpu_clocks_start && c.gpu_clocks_end)
    j["gpu_clocks"] = {{"start", gpu_clocks_json(*c.gpu_clocks_start)}, {"end", gpu_clocks_json(*c.gpu_clocks_end)}};
  return j;
}

}  // namespace clampbench
