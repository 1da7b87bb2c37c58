// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The hand-worked sparse-MLA step of test_sparse_mla_slot_mapping.cpp (worked out there):
// inputs in the suite's layout, its parameter point, and C128A rows padded with -1 to W = 128.

#include <cstdint>
#include <initializer_list>
#include <vector>

#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {

constexpr std::int32_t X = -1;
constexpr std::int32_t kStale = 77;
constexpr std::int64_t kHandWidth = 128;

// padding: 0 -> 0-filled padding rows; 1 -> -1 padding rows; 2 -> also -1 holes at [0][1]
// (read by the decode token's C128A row) and [1][1] (read by the slot of token 2).
inline CaseData hand_step(int padding, std::int64_t ratio) {
  const std::int32_t pad = padding == 0 ? 0 : -1;
  const std::int32_t h0 = padding == 2 ? -1 : 8, h1 = padding == 2 ? -1 : 9;
  const std::vector<std::int32_t> table = {5, h0, 6, 0, 7, h1, 11, 0, pad, pad, pad, pad, pad, pad, pad, pad};
  CaseData data;
  data.device = kDevice;
  Tensor base = from_vector(table, {4, 4}, kDevice);
  data.add("block_table", base.slice(0, 0, 3), Role::Persistent);
  data.add("block_table_base", base, Role::Persistent);
  data.add("query_start_loc", from_vector(std::vector<std::int32_t>{0, 1, 4, 4}, {4}, kDevice), Role::Persistent);
  data.add_host("query_start_loc_cpu", from_numpy<std::int32_t>({0, 1, 4, 4}, {4}), Role::Persistent);
  data.add("seq_lens", from_vector(std::vector<std::int32_t>{600, 513, 0}, {3}, kDevice), Role::Persistent);
  data.add("positions", from_vector(std::vector<std::int64_t>{599, 510, 511, 512}, {4}, kDevice), Role::Persistent);
  // table[r, p // 256] * 256 + p % 256 from the table as it is.
  data.add("slot_mapping",
           from_vector(std::vector<std::int64_t>{6 * 256 + 87, h1 * 256 + 254, h1 * 256 + 255, 11 * 256}, {4},
                       kDevice),
           Role::Persistent);
  const std::int64_t rows = ratio == 128 ? 12 : 0, width = ratio == 128 ? kHandWidth : 0;
  data.add("compressed_slot_mapping", full({12}, kStale, DType::Int64, kDevice), Role::PersistentWritable);
  data.add("req_id_per_token_buffer", full({12}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  data.add("c128a_global_decode_buffer", full({rows, width}, kStale, DType::Int32, kDevice),
           Role::PersistentWritable);
  data.add("c128a_decode_lens_buffer", full({rows}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  data.add("c128a_prefill_buffer", full({rows, width}, kStale, DType::Int32, kDevice), Role::PersistentWritable);
  return data;
}

inline ParamPoint hand_point(std::int64_t ratio, std::int64_t padding) {
  return point({{"R", 3}, {"L", 1024}, {"ratio", ratio}, {"padding", padding}, {"Q", 4}});
}

// `head`, then -1 up to W.
inline std::vector<std::int32_t> c128a_row(std::initializer_list<std::int32_t> head) {
  std::vector<std::int32_t> row(head);
  row.resize(kHandWidth, X);
  return row;
}

inline std::vector<std::int32_t> concat(std::initializer_list<std::vector<std::int32_t>> parts) {
  std::vector<std::int32_t> out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

}  // namespace clampbench::suite_tests
