// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// StaticSinkAttentionBuilder.build (vllm/model_executor/layers/attention/static_sink_attention.py
// :80-104, the same lines in 0.25.0, 0.27.0 and 0.34.0), run once per KV-cache group of a step:
//   cm.seq_lens[:] = cm.seq_lens + sink_len            :86-88  add (a temporary), copy_ into
//                                                               the runner's seq_lens
//   cm.seq_lens[cm.seq_lens == sink_len] = 0           :89-91  eq (a mask), a masked store:
//                                                               the padded rows back to 0
//   cm.max_seq_len += sink_len                          :92-94  a Python int
//   block_table_with_sink[:R, nsb:nsb + cdiv(max_seq_len, bs)] = cm.block_table_tensor[:, :...]
//   cm.block_table_tensor = block_table_with_sink[:R]  :95-102 the builder's own table; the
//                                                               runner's is only read
// seq_lens is the runner's persistent buffer (worker/gpu/input_batch.py:35); every KV-cache
// group gets a fresh cm holding the same view of it (attn_utils.py:498, :547-550), so each
// group's build adds sink_len again, and the sampler reads it after the forward
// (read_sampled_and_rejected). The variants: `clamp_` is vLLM's build as released (in place
// into the shared seq_lens); `clamp` the out-of-place counterfactual, the same two ops
// written into a builder-owned buffer (seq_lens_with_sink), the shared seq_lens untouched; the
// names are the harness's (reference first, the in-place form second) as for
// compressor_block_table: no clamp is involved. max_seq_len is a Python int in the metadata
// object: the port returns it as host-side values (from_numpy), which no op writes.
// Per group and call: add 1, eq 1 = 2 allocations in both forms (the in-place form saves
// nothing: its temporary is made before it is copied back); fused 0.

#include <algorithm>
#include <vector>

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/rng.h"
#include "suites/detail/static_sink_step.h"
#include "suites/detail/strided.h"
#include "suites/detail/tensor_refs.h"
#include "suites/static_sink.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "static_sink";

Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const detail::SinkStep s = detail::sink_step(p);
  Tensor& seq_lens = in.get("seq_lens");
  const Tensor& runner_tables = in.get("block_table");
  const Tensor& sink_tables = in.get("block_table_with_sink");
  for (std::int64_t g = 0; g < s.groups; ++g) {
    Tensor seen = mode == detail::ClampMode::OutOfPlace  // each group's fresh cm over the shared seq_lens
                      ? in.get("seq_lens_with_sink").select(0, g).slice(0, 0, s.rows)
                      : seq_lens;  // the one line that differs: where the raised lengths go
    copy_(seen, add(seq_lens, s.sink_len));
    masked_fill_(seen, eq(seen, s.sink_len), 0);
    detail::SinkTableCopy table = detail::sink_table_copy(runner_tables, sink_tables, s, g);
    copy_(table.target, table.source);
  }
  Tensor seen_lens = mode == detail::ClampMode::OutOfPlace
                         ? in.get("seq_lens_with_sink").slice(1, 0, s.rows)
                         : seq_lens.unsqueeze(0).expand({s.groups, s.rows});  // every group's view
  return {{"seq_lens", seen_lens},
          {"max_seq_len", detail::raised_max_seq_lens(s)},
          {"block_table", sink_tables.slice(1, 0, s.rows)}};
}

// A step's live rows: row 0 the longest (a decode at max_seq_len, which vLLM takes as the largest
// seq_lens_cpu_upper_bound, model_states/default.py:198; every other row is shorter), then by
// row % 4 a decode,
// a last prefill chunk (seq_len == prefill_len), a chunk far from its prompt's end (more than
// G sinks before it) and, with near 1, a chunk within one sink of it (the first exactly one
// sink before: seq_len + sink_len == prefill_len), else another far one. Padded rows are 0.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  const detail::SinkStep s = detail::sink_step(p);
  detail::Rng rng(seed, kName);
  const std::int64_t states = s.rows + detail::kSinkSpareRows, sink_cols = s.runner_cols + s.sink_blocks;
  std::vector<std::int32_t> seq(static_cast<std::size_t>(s.rows), 0), prefill(static_cast<std::size_t>(states), 0);
  std::vector<std::int32_t> idx(static_cast<std::size_t>(s.live)), logits(static_cast<std::size_t>(s.live + 1));
  bool boundary = true;
  for (std::int64_t r = 0; r < s.live; ++r) {
    std::int64_t len = 0, pre = 0;
    const std::int64_t kind = r == 0 ? -1 : r % 4 == 3 && p.get("near") == 0 ? 2 : r % 4;
    if (kind <= 0) {
      len = r == 0 ? s.max_seq_len : rng.uniform(2, s.max_seq_len - 1);
      pre = rng.uniform(1, len - 1);
    } else if (kind == 1) {
      len = pre = rng.uniform(1, s.max_seq_len - 1);
    } else if (kind == 2) {
      len = rng.uniform(1, std::min(s.max_seq_len - 1, detail::kSinkMaxModelLen - s.groups * s.sink_len - 65));
      pre = len + s.groups * s.sink_len + rng.uniform(1, 64);
    } else {
      len = rng.uniform(1, std::min(s.max_seq_len - 1, detail::kSinkMaxModelLen - s.sink_len));
      pre = len + (boundary ? s.sink_len : rng.uniform(1, s.sink_len));
      boundary = false;
    }
    seq[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(len);
    idx[static_cast<std::size_t>(r)] = static_cast<std::int32_t>(states - 1 - r);  // batch row -> request state
    prefill[static_cast<std::size_t>(states - 1 - r)] = static_cast<std::int32_t>(pre);
    logits[static_cast<std::size_t>(r + 1)] = static_cast<std::int32_t>(r + 1);  // one logit per request
  }
  std::vector<std::int32_t> tables(static_cast<std::size_t>(s.groups * s.rows * s.runner_cols), 0);
  for (std::int64_t g = 0; g < s.groups; ++g)
    for (std::int64_t r = 0; r < s.live; ++r)
      for (std::int64_t c = 0; c < detail::cdiv(seq[static_cast<std::size_t>(r)], s.bs); ++c)
        tables[static_cast<std::size_t>((g * s.rows + r) * s.runner_cols + c)] =
            static_cast<std::int32_t>(rng.uniform(s.sink_blocks + 1, 65535));
  std::vector<std::int32_t> sink_table(static_cast<std::size_t>(s.groups * states * sink_cols), 0);
  for (std::int64_t row = 0; row < s.groups * states; ++row)  // blocks 1..nsb, set once by __init__ (:73-78)
    for (std::int64_t c = 0; c < s.sink_blocks; ++c)
      sink_table[static_cast<std::size_t>(row * sink_cols + c)] = static_cast<std::int32_t>(c + 1);
  CaseData data;
  data.device = device;
  data.add("seq_lens", from_vector(seq, {s.rows}, device), Role::Persistent);
  data.add("block_table", from_vector(tables, {s.groups, s.rows, s.runner_cols}, device), Role::Persistent);
  data.add("prefill_len", from_vector(prefill, {states}, device), Role::Persistent);
  data.add("idx_mapping", from_vector(idx, {s.live}, device), Role::Persistent);
  data.add("cu_num_logits", from_vector(logits, {s.live + 1}, device), Role::Persistent);
  data.add("block_table_with_sink", from_vector(sink_table, {s.groups, states, sink_cols}, device),
           Role::PersistentWritable);
  data.add("seq_lens_with_sink", full({s.groups, states}, 0, DType::Int32, device), Role::PersistentWritable);
  return data;
}

// fused static_sink: what the out-of-place form (clamp) leaves in the builder's buffers, in
// one pass per group and no device allocation (clamp and clamp_: 2 per group); max_seq_len is
// host-side values, as vLLM's Python int.
Outputs fused(CaseData& data, const ParamPoint& p) {
  const suites::detail::SinkStep s = suites::detail::sink_step(p);
  const Tensor& seq_lens = data.get("seq_lens");
  Tensor& own = data.get("seq_lens_with_sink");
  const Tensor& runner_tables = data.get("block_table");
  const Tensor& sink_tables = data.get("block_table_with_sink");
  CB_CHECK(own.dim() == 2 && own.size(0) >= s.groups && own.size(1) >= s.rows, ErrorKind::ShapeMismatch,
           "fused static_sink: buffer {} for {} groups of {} rows", own.str(), s.groups, s.rows);
  for (std::int64_t g = 0; g < s.groups; ++g) {
    const suites::detail::SinkTableCopy table = suites::detail::sink_table_copy(runner_tables, sink_tables, s, g);
    Tensor own_rows = own.select(0, g).slice(0, 0, s.rows);
    detail::StaticSinkGroup group{detail::ref1<const std::int32_t>(seq_lens, "seq_lens"),
                                  detail::ref1<std::int32_t>(own_rows, "seq_lens_with_sink"),
                                  detail::ref2<const std::int32_t>(table.source, "block_table"),
                                  detail::ref2<std::int32_t>(table.target, "block_table_with_sink"),
                                  static_cast<std::int32_t>(s.sink_len)};
    launch_kernel(data.device, group.total(), detail::StaticSinkKernel{group});
  }
  return {{"seq_lens", own.slice(1, 0, s.rows)},
          {"max_seq_len", suites::detail::raised_max_seq_lens(s)},
          {"block_table", sink_tables.slice(1, 0, s.rows)}};
}

}  // namespace

Suite make_static_sink_suite() {
  return SuiteBuilder(kName)
      .describe(
          "Static-sink attention metadata, once per KV-cache group: seq_lens raised by the sink "
          "(padded rows put back to 0), max_seq_len raised, the block table copied behind the "
          "sink's blocks. vLLM's released form (clamp_) writes the runner's shared seq_lens in place, "
          "which the sampler then reads; clamp is the out-of-place counterfactual.")
      .source("vllm/model_executor/layers/attention/static_sink_attention.py", "StaticSinkAttentionBuilder.build")
      .device(SuiteDevice::Gpu)
      .axis("R", {8}, {8, 64}, {8, 64, 256})
      .axis("pad", {0, 2}, {2}, {0, 2})  // CUDA-graph padding rows (FULL graphs)
      .axis("sink", {2}, {1, 2}, {1, 2})    // sink blocks: sink_len = sink x bs
      .axis("bs", {16}, {16, 128}, {16, 64, 128})
      .axis("near", {0, 1}, {0, 1}, {0, 1})  // 1: chunks within one sink of their prompt's end
      .axis("G", {1, 2}, {1, 2}, {1, 2})     // KV-cache groups whose builder runs
      .axis("long", {0, 1}, {0, 1}, {0, 1})  // 1: a request at max_model_len (max_seq_len + sink above it)
      .inputs(make_inputs)
      .outputs({"seq_lens", "max_seq_len", "block_table"})
      .clamp_variants(build,
                      "seq_lens + sink into a builder-owned buffer; the shared seq_lens untouched "
                      "(counterfactual, in no release)",
                      "cm.seq_lens[:] = cm.seq_lens + sink_len, then the masked store: the runner's "
                      "seq_lens written in place (0.25.0, 0.27.0, 0.34.0)")
      .reader("sampler", "the sampler's num_sampled and num_rejected (seq_len < prefill_len: still prefilling)",
              detail::read_sampled_and_rejected)
      .floor("one pass per group into the builder's buffers (seq_lens, table); "
             "the shared seq_lens only read; no allocation (the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_static_sink_suite);

}  // namespace clampbench::suites
