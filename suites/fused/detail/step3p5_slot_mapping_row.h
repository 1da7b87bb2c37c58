// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The arithmetic of the fused Step3.5 draft-step slot mapping (spec 6), shared by the host
// loop and the CUDA kernel: element i of one group's buffer at one draft step. For i < B it is
// table[i, min(pos // bs, N - 1)] * bs + pos % bs, or the padding slot -1 when the previous
// position + 1 reaches the model length; for B <= i < round_up(B, 8) it is -1.

#include <cstdint>

#include "suites/fused/detail/strided_ref.h"

#if CLAMPBENCH_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

namespace clampbench::suites::fused::detail {

inline constexpr std::int64_t kStep3p5PaddingSlot = -1;  // PADDING_SLOT_ID

struct Step3p5Args {
  Ref2<const std::int64_t> positions;    // [K, B]: row s = the positions at draft step s
  Ref3<const std::int32_t> block_tables;  // [G, R, N], read only
  Ref2<std::int64_t> slot_mappings;       // [G, T], the groups' buffers (declared output)
  std::int64_t block_size;
  std::int64_t padded_batch;  // round_up(B, 8)
};

// Sets *bad (and returns the padding slot) for a negative block number, which clamp's
// gather rejects.
CB_FUSED_HD std::int64_t step3p5_slot(const Step3p5Args& a, std::int64_t step, std::int64_t g, std::int64_t i,
                                      bool* bad) {
  if (i >= a.positions.cols) return kStep3p5PaddingSlot;  // the padded tail
  const Ref2<const std::int32_t> table = a.block_tables.select(g);
  const std::int64_t max_model_len = table.cols * a.block_size;
  const std::int64_t pos = a.positions(step, i);
  std::int64_t bn = floor_div(pos, a.block_size);
  if (bn > table.cols - 1) bn = table.cols - 1;  // clamp(max=N - 1), no copy
  if (bn < 0) {
    *bad = true;
    return kStep3p5PaddingSlot;
  }
  if (a.positions(step - 1, i) + 1 >= max_model_len) return kStep3p5PaddingSlot;
  return static_cast<std::int64_t>(mul_i32(table(i, bn), static_cast<std::int32_t>(a.block_size))) +
         floor_mod(pos, a.block_size);
}

#if CLAMPBENCH_HAVE_CUDA
// One thread per (group, buffer element < round_up(B, 8)), looping over the K - 1 draft
// steps as the builder does. One kernel, no allocation.
void launch_fused_step3p5_slot_mapping(Step3p5Args args, cudaStream_t stream);
#endif

}  // namespace clampbench::suites::fused::detail
