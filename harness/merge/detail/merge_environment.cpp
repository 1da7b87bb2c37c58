// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/merge/detail/merge_environment.h"

#include <algorithm>

namespace clampbench::detail {

Environment merged_environment(const std::vector<Environment>& shards, const std::vector<std::string>& command_line) {
  Environment e = shards.front();
  e.shard = ShardRecord{std::nullopt, static_cast<int>(shards.size())};
  e.command_line = command_line;
  std::vector<std::string> hosts;
  bool all_loads = true;
  for (const auto& s : shards) {
    // ISO-8601 UTC times of one format order as text.
    if (!s.time.empty() && (e.time.empty() || s.time < e.time)) e.time = s.time;
    if (std::find(hosts.begin(), hosts.end(), s.host_name) == hosts.end()) hosts.push_back(s.host_name);
    if (s.placement.aslr != e.placement.aslr) e.placement.aslr.reset();
    if (s.placement.cpus_allowed != e.placement.cpus_allowed) e.placement.cpus_allowed.reset();
    all_loads = all_loads && s.conditions.load.has_value();
  }
  e.host_name.clear();
  for (const auto& h : hosts) e.host_name += (e.host_name.empty() ? "" : ",") + h;
  e.conditions.ended = true;
  if (!all_loads) {
    e.conditions.load.reset();
    return e;
  }
  for (const auto& s : shards) {
    e.conditions.load->load_1m_start = std::max(e.conditions.load->load_1m_start, s.conditions.load->load_1m_start);
    e.conditions.load->load_1m_end = std::max(e.conditions.load->load_1m_end, s.conditions.load->load_1m_end);
  }
  return e;
}

}  // namespace clampbench::detail
