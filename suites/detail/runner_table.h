// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The runner-owned block table a builder is handed: a view of its first `reqs` rows over the
// whole table (the rows past it stay the runner's and must not change either), both
// persistent, and the step's query_start_loc with its CPU copy (vLLM's query_start_loc_cpu,
// which its host-side planning reads without waiting for the device).

#include <cstdint>
#include <vector>

#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

inline void add_runner_table(CaseData& data, const std::vector<std::int32_t>& table, std::int64_t rows,
                             std::int64_t cols, std::int64_t reqs, const std::vector<std::int32_t>& query_start) {
  Tensor base = from_vector(table, {rows, cols}, data.device);
  data.add("block_table", base.slice(0, 0, reqs), Role::Persistent);
  data.add("block_table_base", base, Role::Persistent);
  data.add("query_start_loc", from_vector(query_start, {reqs + 1}, data.device), Role::Persistent);
  data.add_host("query_start_loc_cpu", from_numpy(query_start, {reqs + 1}), Role::Persistent);
}

// Later readers of the runner's table (SuiteBuilder::reader): the metadata's block_table field,
// i.e. the input view as the builder left it ...
inline Outputs read_metadata_block_table(const CaseData& d, const Outputs&, const ParamPoint&) {
  return Outputs{{"block_table", clone(d.get("block_table"))}};
}

// ... and a reader that tells a -1 entry from block 0: the entries < 0 of each row.
inline Outputs read_negative_entries(const CaseData& d, const Outputs&, const ParamPoint&) {
  return Outputs{{"negative_entries", sum(lt(d.get("block_table"), 0), 1)}};
}

}  // namespace clampbench::suites::detail
