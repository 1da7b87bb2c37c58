// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// compressor_utils.get_compressed_slot_mapping with an `out` buffer, as vLLM runs it:
// out.fill_(-1) (the whole buffer, not just the first num_tokens), then its Triton kernel, one
// program per request row, into out[:num_tokens] (suites/detail/sparse_mla_kernels.h). Two
// launches, no allocation, the same in both variants.

#include <cstdint>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "suites/detail/sparse_mla_kernels.h"
#include "suites/detail/tensor_refs.h"

namespace clampbench::suites::detail {

// out int64 [>= num_tokens]: -1 everywhere, then for every query token at absolute position p
// with (p + 1) % ratio == 0: block_table[row, (p / ratio) / bs] * bs + (p / ratio) % bs.
inline void compressed_slot_mapping(Tensor& out, const Tensor& query_start_loc, const Tensor& seq_lens,
                                    const Tensor& block_table, std::int64_t block_size,
                                    std::int64_t compress_ratio, std::int64_t num_tokens) {
  const std::int64_t num_reqs = block_table.size(0);
  CB_CHECK(query_start_loc.size(0) > num_reqs && seq_lens.size(0) >= num_reqs, ErrorKind::ShapeMismatch,
           "compressed_slot_mapping: {} table rows, query_start_loc {}, seq_lens {}", num_reqs,
           query_start_loc.str(), seq_lens.str());
  fill_(out, -1);
  const CompressedSlotMappingKernel kernel{ref1<std::int64_t>(out.slice(0, 0, num_tokens), "slot_mapping"),
                                           ref1<const std::int32_t>(query_start_loc, "query_start_loc"),
                                           ref1<const std::int32_t>(seq_lens, "seq_lens"),
                                           ref2<const std::int32_t>(block_table, "block_table"), block_size,
                                           compress_ratio};
  const std::int64_t bad = launch_kernel(block_table.device(), num_reqs, kernel, KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange,
           "compressed_slot_mapping: request {} reads outside the block table or maps a token past {}", bad,
           num_tokens);
}

}  // namespace clampbench::suites::detail
