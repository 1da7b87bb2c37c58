// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused step3p5_slot_mapping: for each group and each of the first round_up(B, 8) buffer
// elements, the K - 1 draft steps in order (slot or padding), and each request's last
// position into the positions buffer; later elements of both are left as they were, as clamp
// leaves them. Each step overwrites the previous one, as in the builder, where the draft
// model's forward reads each step's mapping in between.

#include "suites/fused/step3p5_slot_mapping_fused.h"

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/step3p5_slot_mapping_row.h"

namespace clampbench::suites::fused {

Outputs fused_step3p5_slot_mapping(CaseData& data, const ParamPoint& p) {
  const Tensor& sampled = data.get("sampled_positions");
  Tensor& positions_buffer = data.get("positions_buffer");
  Tensor& slot_mappings = data.get("slot_mappings");
  detail::Step3p5Args args{detail::ref1<const std::int64_t>(sampled, "sampled_positions"),
                           detail::ref1<std::int64_t>(positions_buffer, "positions_buffer"),
                           detail::ref3<const std::int32_t>(data.get("block_tables"), "block_tables"),
                           detail::ref2<std::int64_t>(slot_mappings, "slot_mappings"), p.get("bs"), 0,
                           p.get("K") - 1};
  const std::int64_t batch = args.sampled_positions.size, groups = args.block_tables.size[0];
  args.padded_batch = suites::detail::round_up(batch, 8);
  CB_CHECK(args.slot_mappings.rows == groups && args.slot_mappings.cols >= args.padded_batch,
           ErrorKind::ShapeMismatch, "fused step3p5: buffers [{}, {}] for {} groups of {} (padded) slots",
           args.slot_mappings.rows, args.slot_mappings.cols, groups, args.padded_batch);
  CB_CHECK(args.block_tables.size[1] >= batch, ErrorKind::ShapeMismatch, "fused step3p5: {} table rows for {} requests",
           args.block_tables.size[1], batch);
  CB_CHECK(args.positions_buffer.size >= batch, ErrorKind::ShapeMismatch,
           "fused step3p5: a positions buffer of {} for {} requests", args.positions_buffer.size, batch);
  // vLLM's step-0 positions are a fresh copy; the kernel's threads rely on never reading
  // what they write.
  CB_CHECK(!sampled.shares_storage_with(positions_buffer), ErrorKind::InvalidArgument,
           "fused step3p5: sampled_positions is a view of positions_buffer");
  CB_CHECK(groups >= 1, ErrorKind::InvalidArgument, "fused step3p5: no non-primary group");  // positions ride on g 0
  CB_CHECK(args.block_size > 0, ErrorKind::InvalidArgument, "fused step3p5: block size {}", args.block_size);
  const Outputs outputs{{"slot_mappings", slot_mappings}, {"positions", positions_buffer.slice(0, 0, batch)}};
  if (args.draft_steps < 1) return outputs;

  const std::int64_t bad = launch_kernel(data.device, KernelGrid{groups, args.padded_batch}, detail::Step3p5Kernel{args},
                                         KernelCheck::OnHost);
  CB_CHECK(bad < 0, ErrorKind::IndexOutOfRange, "fused step3p5: negative position in group {} row {}",
           bad / args.padded_batch, bad % args.padded_batch);
  return outputs;
}

}  // namespace clampbench::suites::fused
