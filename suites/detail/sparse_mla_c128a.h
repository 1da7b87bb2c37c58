// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// build_c128a_topk_metadata (vllm/models/deepseek_v4/sparse_mla.py, vLLM 0.25.0) as vLLM runs
// it: the buffers' slices, then its Triton kernel, one program per token (decode tokens first),
// writing rows of the builder's buffers (suites/detail/sparse_mla_kernels.h). One launch when
// there is a token, no allocation. The table is cm.block_table_tensor[:num_decodes] as the
// builder left it: clamp leaves its -1 entries, which give slots -bs + j % bs; clamp_ made them
// 0, which gives j % bs.

#include <cstdint>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "suites/detail/sparse_mla_batch.h"
#include "suites/detail/sparse_mla_kernels.h"
#include "suites/detail/tensor_refs.h"

namespace clampbench::suites::detail {

struct C128aBuffers {
  Tensor& global_decode;  // [>= tokens, W] int32
  Tensor& decode_lens;    // [>= tokens] int32
  Tensor& prefill_local;  // [>= tokens, W] int32
};

// The returned slices of the buffers, shaped as the metadata holds them: global decode indices
// viewed [num_decode_tokens, 1, W], lens [num_decode_tokens], prefill [num_prefill_tokens, W].
struct C128aOutputs {
  Tensor global_decode, decode_lens, prefill_local;
};

inline C128aOutputs c128a_slices(const C128aBuffers& b, const DecodePrefillSplit& s) {
  const std::int64_t td = s.num_decode_tokens, tp = s.num_prefill_tokens, w = b.global_decode.size(1);
  return {b.global_decode.slice(0, 0, td).view({td, 1, w}), b.decode_lens.slice(0, 0, td),
          b.prefill_local.slice(0, 0, tp)};
}

inline C128aOutputs build_c128a_topk_metadata(const Tensor& positions, std::int64_t ratio,
                                              const DecodePrefillSplit& split, const Tensor& req_id_per_token,
                                              const Tensor& block_table, std::int64_t block_size,
                                              const Tensor& slot_mapping, const C128aBuffers& buffers) {
  const std::int64_t td = split.num_decode_tokens, tp = split.num_prefill_tokens;
  if (td + tp == 0) return c128a_slices(buffers, split);
  const C128aTopkKernel kernel{ref1<const std::int64_t>(positions, "positions"),
                               ref1<const std::int32_t>(req_id_per_token, "req_id_per_token"),
                               ref2<const std::int32_t>(block_table, "block_table"),
                               ref1<const std::int64_t>(slot_mapping, "slot_mapping"),
                               ref2<std::int32_t>(buffers.global_decode.slice(0, 0, td), "c128a_global_decode_buffer"),
                               ref1<std::int32_t>(buffers.decode_lens.slice(0, 0, td), "c128a_decode_lens_buffer"),
                               ref2<std::int32_t>(buffers.prefill_local.slice(0, 0, tp), "c128a_prefill_buffer"),
                               ratio, block_size};
  CB_CHECK(kernel.positions.size >= td + tp && kernel.req_ids.size >= td && kernel.slot_mapping.size >= td,
           ErrorKind::ShapeMismatch, "build_c128a_topk_metadata: {} tokens, positions {}, req_id_per_token {}",
           td + tp, positions.str(), req_id_per_token.str());
  const std::int64_t bad = launch_kernel(positions.device(), td + tp, kernel, KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "build_c128a_topk_metadata: token {} reads outside the block table",
           bad);
  return c128a_slices(buffers, split);
}

}  // namespace clampbench::suites::detail
