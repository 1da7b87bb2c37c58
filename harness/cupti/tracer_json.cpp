// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// cupti::to_json: the "cupti" block of a variant (results/SCHEMA.md).

#include "harness/cupti/tracer.h"

namespace clampbench::cupti {

nlohmann::json to_json(const ScopeStats& s) {
  if (!s.available) return {{"available", false}, {"reason", s.reason.empty() ? "CUPTI unavailable" : s.reason}};
  nlohmann::json by_kind = nlohmann::json::object();
  for (const auto& [name, k] : s.by_kind)
    by_kind[name] = {{"allocations", k.allocations},
                     {"releases", k.releases},
                     {"bytes_allocated", k.bytes_allocated},
                     {"bytes_released", k.bytes_released}};
  return {
      {"available", true},
      {"allocations", s.allocations},
      {"releases", s.releases},
      {"bytes", s.bytes},
      {"by_memory_kind", std::move(by_kind)},
      {"kernels", s.kernels},
      {"launch_calls", s.launch_calls},
      {"memcpy", {{"count", s.memcpy_count}, {"bytes", s.memcpy_bytes}}},
      {"memset", {{"count", s.memset_count}, {"bytes", s.memset_bytes}}},
      {"memory_pool", {{"created", s.memory_pool.created}, {"destroyed", s.memory_pool.destroyed},
                       {"trimmed", s.memory_pool.trimmed}}},
      {"dropped_records", s.dropped_records},
      {"attribution", {{"by_correlation", s.attributed_by_correlation}, {"by_time", s.attributed_by_time}}},
  };
}

}  // namespace clampbench::cupti
