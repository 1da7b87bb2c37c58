// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the static-sink suite's builder, its fused floor and its later reader share: the step's
// sizes derived from a case's parameters, and the sampler's test of the written seq_lens.

#include <cstdint>
#include <vector>

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "suites/detail/strided.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

// max_model_len: a multiple of 128 and of every block size, so that the runner's table is
// cdiv(max_model_len, bs) wide (get_block_table_width's 128-token alignment adds nothing) and
// vLLM's table copy never meets its width mismatch.
inline constexpr std::int64_t kSinkMaxModelLen = 1024;
inline constexpr std::int64_t kSinkSpareRows = 2;  // max_num_seqs beyond the step's R rows

struct SinkStep {
  std::int64_t rows, live, groups, bs, sink_blocks, sink_len, max_seq_len, runner_cols;
  std::int64_t raised_max_seq_len() const { return max_seq_len + sink_len; }  // cm.max_seq_len += sink_len
};

// R rows, the last `pad` of them CUDA-graph padding (seq_len 0); G KV-cache groups; a sink of
// `sink` blocks of bs tokens; the longest request at max_model_len (long 1) or half of it. The
// metadata's max_seq_len is that longest row's, the CPU upper bound vLLM starts from.
inline SinkStep sink_step(const ParamPoint& p) {
  SinkStep s{};
  s.rows = p.get("R");
  s.live = s.rows - p.get("pad");
  s.groups = p.get("G");
  s.bs = p.get("bs");
  s.sink_blocks = p.get("sink");
  s.sink_len = s.sink_blocks * s.bs;
  s.max_seq_len = p.get("long") != 0 ? kSinkMaxModelLen : kSinkMaxModelLen / 2;
  s.runner_cols = kSinkMaxModelLen / s.bs;
  return s;
}

// Every group's metadata max_seq_len after its build: a Python int in vLLM (each group's fresh
// cm starts from the runner's bound), so host-side values that no op writes.
inline Tensor raised_max_seq_lens(const SinkStep& s) {
  return from_numpy(std::vector<std::int64_t>(static_cast<std::size_t>(s.groups), s.raised_max_seq_len()), {s.groups});
}

// Group g's table copy (static_sink_attention.py:95-99): the runner's first
// cdiv(max_seq_len + sink_len, bs) columns (fewer where the table is narrower) and where they go
// in the builder's table, behind the sink's blocks (block_table and block_table_with_sink, [G, ...]).
// Throws where vLLM raises: the widths differ.
struct SinkTableCopy {
  Tensor source, target;
};
inline SinkTableCopy sink_table_copy(const Tensor& runner_tables, const Tensor& sink_tables, const SinkStep& s,
                                     std::int64_t g) {
  const std::int64_t blocks = cdiv(s.raised_max_seq_len(), s.bs);
  SinkTableCopy c{runner_tables.select(0, g).slice(1, 0, blocks),
                  sink_tables.select(0, g).slice(0, 0, s.rows)
                      .slice(1, s.sink_blocks, s.sink_blocks + blocks)};
  CB_CHECK(c.source.size(1) == c.target.size(1), ErrorKind::ShapeMismatch,
           "static_sink: the sink table takes {} columns, the runner's table gives {} (vLLM raises here too)",
           c.target.size(1), c.source.size(1));
  return c;
}

// The sampler after the forward (vllm/v1/worker/gpu/sample/sampler.py:187-196 ->
// get_num_sampled_and_rejected, input_batch.py:516-562): one logit per live request; a row
// with seq_len < prefill_len is still prefilling and samples nothing. It reads the runner's
// seq_lens as the step left them.
inline Outputs read_sampled_and_rejected(const CaseData& d, const Outputs&, const ParamPoint& p) {
  const SinkStep s = sink_step(p);
  const Tensor seq_lens = d.get("seq_lens").slice(0, 0, s.live);
  const Tensor prefill_len = gather(d.get("prefill_len"), 0, d.get("idx_mapping"));
  const Tensor& cu_num_logits = d.get("cu_num_logits");
  const Tensor prefill_done = logical_not(lt(seq_lens, prefill_len));
  const Tensor num_sampled = where(prefill_done, full({s.live}, 1, DType::Int32, d.device), 0);
  const Tensor num_logits = sub(cu_num_logits.slice(0, 1, s.live + 1), cu_num_logits.slice(0, 0, s.live));
  return {{"num_sampled", num_sampled}, {"num_rejected", where(prefill_done, sub(num_logits, num_sampled), 0)}};
}

}  // namespace clampbench::suites::detail
