// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// fused step3p5_slot_mapping: for each of the K - 1 draft steps and each group, the buffer's
// first round_up(B, 8) elements are stored once (slot or padding); later elements are left
// as they were, as clamp leaves them. Each step overwrites the previous one, as in the
// builder, where the draft model's forward reads each step's mapping in between.

#include "suites/fused/step3p5_slot_mapping_fused.h"

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/runtime.h"
#include "suites/detail/input_gen.h"
#include "suites/fused/detail/step3p5_slot_mapping_row.h"
#include "suites/fused/detail/tensor_refs.h"

namespace clampbench::suites::fused {

Outputs fused_step3p5_slot_mapping(CaseData& data, const ParamPoint& p) {
  Tensor& slot_mappings = data.get("slot_mappings");
  detail::Step3p5Args args{detail::ref2<const std::int64_t>(data.get("positions"), "positions"),
                           detail::ref3<const std::int32_t>(data.get("block_tables"), "block_tables"),
                           detail::ref2<std::int64_t>(slot_mappings, "slot_mappings"), p.get("bs"), 0};
  const std::int64_t batch = args.positions.cols, groups = args.block_tables.size[0];
  args.padded_batch = suites::detail::round_up(batch, 8);
  CB_CHECK(args.slot_mappings.rows == groups && args.slot_mappings.cols >= args.padded_batch,
           ErrorKind::ShapeMismatch, "fused step3p5: buffers [{}, {}] for {} groups of {} (padded) slots",
           args.slot_mappings.rows, args.slot_mappings.cols, groups, args.padded_batch);
  CB_CHECK(args.block_tables.size[1] >= batch, ErrorKind::ShapeMismatch, "fused step3p5: {} table rows for {} requests",
           args.block_tables.size[1], batch);
  CB_CHECK(args.block_size > 0, ErrorKind::InvalidArgument, "fused step3p5: block size {}", args.block_size);

  if (detail::runs_on_cuda(data.device)) {
#if CLAMPBENCH_HAVE_CUDA
    detail::launch_fused_step3p5_slot_mapping(args, static_cast<cudaStream_t>(Runtime::current().stream().handle));
#endif
  } else {
    for (std::int64_t step = 1; step < args.positions.rows; ++step) {
      for (std::int64_t g = 0; g < groups; ++g) {
        for (std::int64_t i = 0; i < args.padded_batch; ++i) {
          bool bad = false;
          args.slot_mappings(g, i) = detail::step3p5_slot(args, step, g, i, &bad);
          CB_CHECK(!bad, ErrorKind::IndexOutOfRange, "fused step3p5: negative position at step {} row {}", step, i);
        }
      }
    }
  }
  return {{"slot_mappings", slot_mappings}};
}

}  // namespace clampbench::suites::fused
