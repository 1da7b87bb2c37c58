// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The arithmetic of the fused n-gram propose scatter (spec 2b), shared by the host loop and
// the CUDA kernel. Sample j of row r goes to token_ids[r, num_tokens_no_spec[r] + j] when
// j < count[r], the sample is not -1 and the position is inside the row -- the mask clamp
// builds before its clamp, so the clamped position always equals the unclamped one where the
// mask holds, and the positions of a row are distinct (no write-order dependence).

#include <cstdint>

#include "suites/fused/detail/strided_ref.h"

#if CLAMPBENCH_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace clampbench::suites::fused::detail {

// Where sample j of a row is written, or -1 when the mask drops it. A masked-in negative
// position (a negative num_tokens_no_spec, which the eager scatter rejects) returns -2.
CB_FUSED_HD std::int64_t propose_write_position(std::int64_t num_tokens, std::int64_t count, std::int32_t sample,
                                                std::int64_t max_len, std::int64_t j) {
  const std::int64_t pos = num_tokens + j;
  if (!(j < count && sample != -1 && pos < max_len)) return -1;
  return pos < 0 ? -2 : pos;
}

// num_tokens_tmp = num_tokens_no_spec + count in int32, wrapping as the eager int32 add does.
CB_FUSED_HD std::int32_t add_i32(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}

#if CLAMPBENCH_HAVE_CUDA
// One thread per (row, sample): the masked scatter into token_ids, and num_tokens_tmp from the
// thread of sample 0. One kernel, no allocation.
void launch_fused_ngram_propose(Ref2<std::int32_t> token_ids, Ref1<const std::int32_t> num_tokens_no_spec,
                                Ref2<const std::int32_t> sampled, Ref1<const std::int32_t> counts,
                                Ref1<std::int32_t> num_tokens_tmp, cudaStream_t stream);
#endif

}  // namespace clampbench::suites::fused::detail
