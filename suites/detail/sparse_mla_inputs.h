// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Inputs of the sparse-MLA suite: a step of R padded requests over the runner's shared block
// table. The builder sees a view of the table's first R rows; the runner's table has spare rows
// beyond it. As vLLM reorders a batch (decodes first, threshold 1), the first half of the real
// requests (rounded up) are single-token decodes, the rest prefills of 2..Q tokens (Q = 1: all
// decodes), CUDA-graph padding rows (no query, no sequence) last. The "padding" axis decides
// what the table holds where no block is: 0 everywhere (upstream since #35431), -1 in padding
// rows, or -1 padding rows plus -1 holes in real rows, one of them in a column every decode
// token's C128A row reads. Every sequence spans at least one whole 256-token block.

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/ops.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/rng.h"
#include "suites/detail/runner_table.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_token_inputs.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

inline constexpr std::int64_t kSparseMlaSpareRows = 2;

// One drawn step before it becomes tensors: the runner's table (rows x cols, row-major), the
// query starts and sequence lengths of the R view rows, and where the decodes end.
struct SparseMlaDraw {
  std::int64_t rows = 0, cols = 0, real_rows = 0, decodes = 0;
  std::vector<std::int32_t> table, query_start, seq_lens;
};

// `placement_ratio` is the compression ratio whose boundaries (p + 1 = m * ratio) are put inside
// queries, half the time: the sparse-MLA suite's own `ratio`, or another one for a suite that
// models several builders on one draw; `boundary_in_first_row` puts one in row 0's query always
// (no coin drawn for it). The draws are made in one fixed order, so one stream gives one step.
inline SparseMlaDraw draw_sparse_mla_step(const ParamPoint& p, std::int64_t placement_ratio, Rng& rng,
                                          bool boundary_in_first_row = false) {
  const std::int64_t reqs = p.get("R");
  const std::int64_t max_len = p.get("L");
  const std::int64_t ratio = placement_ratio;
  const std::int64_t padding = p.get("padding");
  const std::int64_t max_query = p.get("Q");
  const std::int64_t bs = kSparseMlaBlockSize;  // one column per 256 tokens, at any ratio
  const std::int64_t cols = cdiv(max_len, bs);
  const std::int64_t rows = reqs + kSparseMlaSpareRows;
  const std::int64_t pad_rows = reqs >= 2 ? std::max<std::int64_t>(1, reqs / 4) : 0;
  const std::int64_t decodes = (reqs - pad_rows + 1) / 2;
  const std::int32_t pad_value = padding == 0 ? 0 : -1;

  std::vector<std::int32_t> table(static_cast<std::size_t>(rows * cols), pad_value);
  std::vector<std::int32_t> query_start(static_cast<std::size_t>(reqs + 1), 0);
  std::vector<std::int32_t> seq_lens(static_cast<std::size_t>(reqs), 0);
  for (std::int64_t r = 0; r < reqs - pad_rows; ++r) {
    const std::int64_t qlen = r < decodes || max_query < 2 ? 1 : rng.uniform(2, max_query);
    std::int64_t len = rng.uniform(std::max(qlen, bs), max_len);
    if (qlen <= ratio && ((boundary_in_first_row && r == 0) || rng.chance(1, 2))) {
      // Put a compression boundary (p + 1 = m * ratio) inside the query.
      const std::int64_t m = rng.uniform(cdiv(bs, ratio), (max_len - qlen + 1) / ratio);
      len = m * ratio + rng.uniform(0, qlen - 1);
    }
    seq_lens[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(len);
    query_start[static_cast<std::size_t>(r + 1)] = static_cast<std::int32_t>(query_start[static_cast<std::size_t>(r)] + qlen);
    const std::int64_t used = cdiv(len, bs);  // blocks the sequence holds
    std::int32_t* row = table.data() + r * cols;
    for (std::int64_t c = 0; c < cols; ++c) row[c] = c < used ? static_cast<std::int32_t>(rng.uniform(1, 65535)) : 0;
    if (padding == 2) {
      for (std::int64_t c = 0; c < cols; ++c)
        if (rng.chance(1, 16)) row[c] = -1;
      // A hole in a whole block before the last token: the decode token's C128A row reads
      // compressed entries up to (len // 128) - 1, i.e. every column below len // 256.
      row[rng.uniform(0, len / bs - 1)] = -1;
    }
  }
  for (std::int64_t r = reqs - pad_rows; r < reqs; ++r)
    query_start[static_cast<std::size_t>(r + 1)] = query_start[static_cast<std::size_t>(r)];
  return {rows, cols, reqs - pad_rows, decodes, std::move(table), std::move(query_start), std::move(seq_lens)};
}

// One slot-mapping case drawn from the suite's stream.
inline CaseData sparse_mla_case_data(const ParamPoint& p, Rng& rng, DeviceType device) {
  const std::int64_t reqs = p.get("R");
  const std::int64_t ratio = p.get("ratio");
  const SparseMlaDraw draw = draw_sparse_mla_step(p, ratio, rng);

  CaseData data;
  data.device = device;
  add_runner_table(data, draw.table, draw.rows, draw.cols, reqs, draw.query_start);
  data.add("seq_lens", from_vector(draw.seq_lens, {reqs}, device), Role::Persistent);
  add_step_token_inputs(data, draw.table, draw.cols, draw.query_start, draw.seq_lens);
  add_builder_buffers(data, reqs * p.get("Q"), ratio == kC128aRatio ? c128a_max_compressed(p.get("L")) : 0);
  return data;
}

}  // namespace clampbench::suites::detail
