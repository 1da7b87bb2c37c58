// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The arithmetic of the fused Step3.5 draft steps (as vLLM runs it), shared by the
// host loop and the CUDA kernel: one request's K - 1 draft steps in one group. At each step
// the position moves on by one, wrapping to 0 at max_model_len (the parent's kernel), and
// the slot is table[i, min(pos // bs, N - 1)] * bs + pos % bs, or the padding slot -1 where
// the compared position + 1 reaches max_model_len: the old position at step 1, the new one
// from step 2 on (the builder explains why). Elements B <= i < round_up(B, 8) hold -1.
// Everything is computed from the step-0 positions; the positions buffer is only written,
// so the kernel's threads never read what another thread writes.
// One thread per (group, buffer element).

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/eagle_step_position.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

inline constexpr std::int64_t kStep3p5PaddingSlot = -1;  // PADDING_SLOT_ID

struct Step3p5Args {
  Ref1<const std::int64_t> sampled_positions;  // [B]: the positions at step 0, read only
  Ref1<std::int64_t> positions_buffer;         // [>= B]: self.positions, first B written
  Ref3<const std::int32_t> block_tables;       // [G, R, N], read only
  Ref2<std::int64_t> slot_mappings;            // [G, T], the groups' buffers (declared output)
  std::int64_t block_size;
  std::int64_t padded_batch;  // input_batch_size = round_up(B, 8)
  std::int64_t draft_steps;   // K - 1
};

// Slot of request i in group g at a draft step with new position `pos`; `compared` is the
// position the mask tests. Sets *bad (and returns the padding slot) for a negative block
// number, which clamp's gather rejects.
CB_HD std::int64_t step3p5_slot(const Step3p5Args& a, std::int64_t g, std::int64_t i, std::int64_t pos,
                                      std::int64_t compared, bool* bad) {
  const Ref2<const std::int32_t> table = a.block_tables.select(g);
  std::int64_t bn = floor_div(pos, a.block_size);
  if (bn > table.cols - 1) bn = table.cols - 1;  // clamp(max=N - 1), no copy
  if (bn < 0) {
    *bad = true;
    return kStep3p5PaddingSlot;
  }
  if (compared + 1 >= table.cols * a.block_size) return kStep3p5PaddingSlot;  // exceeds
  return static_cast<std::int64_t>(mul_i32(table(i, bn), static_cast<std::int32_t>(a.block_size))) +
         floor_mod(pos, a.block_size);
}

// Runs the draft steps of element i of group g's buffer, storing each step's slot as the
// builder does; returns request i's last position (the padding tail returns 0, unused).
CB_HD std::int64_t step3p5_element(const Step3p5Args& a, std::int64_t g, std::int64_t i, bool* bad) {
  if (i >= a.sampled_positions.size) {
    a.slot_mappings(g, i) = kStep3p5PaddingSlot;
    return 0;
  }
  const std::int64_t max_model_len = a.block_tables.size[2] * a.block_size;
  std::int64_t pos = a.sampled_positions[i];
  for (std::int64_t step = 1; step <= a.draft_steps; ++step) {
    const std::int64_t next = suites::detail::eagle_next_position(pos, max_model_len);
    a.slot_mappings(g, i) = step3p5_slot(a, g, i, next, step == 1 ? pos : next, bad);
    pos = next;
  }
  return pos;
}

// The kernel (kernels/custom_kernel.h): cell (g, i) of groups x padded_batch; the group-0 cell
// of each request also writes its last position. False for a negative block number (the host
// loop throws there; a device stores the padding slot).
struct Step3p5Kernel {
  Step3p5Args args;
  CB_HD bool operator()(std::int64_t g, std::int64_t i) const {
    bool bad = false;
    const std::int64_t last = step3p5_element(args, g, i, &bad);
    if (bad) return false;
    if (g == 0 && i < args.sampled_positions.size) args.positions_buffer[i] = last;
    return true;
  }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::Step3p5Kernel);
