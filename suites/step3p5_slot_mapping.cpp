// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// step3p5_slot_mapping: Step3.5 MTP proposer, slot mapping of the non-primary KV cache groups at each draft
// step (vllm/v1/spec_decode/step3p5.py:79-119). One call is one proposal's K - 1 draft steps
// (step3p5.py:392-403). Each step first runs the parent's update (llm_base_proposer.py:769-819:
// a Triton kernel moves every position on by one, wrapping to 0 at max_model_len, into the
// proposer's persistent self.positions[:batch_size]), then clamps each group's block number
// to its table width. With max_model_len = N * bs the wrapped positions never need the clamp;
// only its allocation differs between the variants.
//
// The override captures `old_positions_1d = positions` before super(). At draft step 1 that
// is a fresh copy (self.positions[token_indices_to_sample], step3p5.py:351); from step 2 on it
// is self.positions[:batch_size], the view super() returned last step and has just rewritten.
// So from step 2 on `exceeds` tests the NEW position + 1 >= max_model_len: a request that
// reaches max_model_len - 1 is masked, and one that has just wrapped to 0 is not. Ported as is.
// (The written description calls the positions read only and masks "positions beyond the
// table"; vLLM's code above is what is ported.) Step3.5 has no M-RoPE: the 1-D path is ported.

#include <fmt/format.h>

#include "kernels/custom_kernel.h"
#include "kernels/error.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/eagle_step_positions.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/step3p5_inputs.h"
#include "suites/detail/tensor_refs.h"
#include "suites/step3p5_slot_mapping.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "step3p5_slot_mapping";
constexpr std::int64_t kPaddingSlot = -1;  // PADDING_SLOT_ID

// Per draft step: the parent's position update 0 (a kernel writing self.positions), exceeds
// (old + 1 >= L) 2; per group: bn 1, clamp 1 (0 in place), gather 1, slot 3. Per call:
// (K - 1) * (2 + 6 G) with clamp, (K - 1) * (2 + 5 G) with clamp_.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  return detail::make_step3p5_inputs(p, seed, device);  // long enough for a file of its own
}

Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const Tensor& sampled_positions = in.get("sampled_positions");  // [B]: positions at step 0
  Tensor& positions_buffer = in.get("positions_buffer");          // [P >= B]: self.positions
  const Tensor& block_tables = in.get("block_tables");            // [G, R, N]
  Tensor& slot_mappings = in.get("slot_mappings");                // [G, T]: one buffer per group
  const std::int64_t batch = sampled_positions.size(0), groups = block_tables.size(0);
  const std::int64_t width = block_tables.size(2), block = p.get("bs");
  const std::int64_t max_model_len = width * block, input_batch_size = detail::round_up(batch, 8);
  Tensor out_positions = positions_buffer.slice(0, 0, batch);  // self.positions[:batch_size]
  Tensor positions = sampled_positions;
  for (std::int64_t step = 1; step < p.get("K"); ++step) {
    const Tensor old_positions = positions;  // from step 2 on: out_positions itself
    detail::eagle_step_positions_(out_positions, positions, max_model_len);
    positions = out_positions;  // what super() returns
    const Tensor exceeds = ge(add(old_positions, 1), max_model_len);
    for (std::int64_t g = 0; g < groups; ++g) {
      const Tensor table = block_tables.select(0, g);
      Tensor bn = floor_divide(positions, block);
      bn = detail::clamp_as(mode, bn, std::nullopt, width - 1);
      bn = to(bn, DType::Int64);  // .to(torch.long): already int64, no copy
      Tensor block_ids = gather(table.slice(0, 0, batch), 1, bn.unsqueeze(1)).squeeze(1);
      Tensor slot = add(mul(block_ids, block), remainder(positions, block));
      masked_fill_(slot, exceeds, kPaddingSlot);
      Tensor buffer = slot_mappings.select(0, g);
      Tensor head = buffer.slice(0, 0, batch);
      copy_(head, slot);
      if (input_batch_size > batch) {
        Tensor tail = buffer.slice(0, batch, input_batch_size);
        fill_(tail, kPaddingSlot);
      }
    }
  }
  return {{"slot_mappings", slot_mappings}, {"positions", positions}};
}

// fused step3p5_slot_mapping: for each group and each of the first round_up(B, 8) buffer
// elements, the K - 1 draft steps in order (slot or padding), and each request's last
// position into the positions buffer; later elements of both are left as they were, as clamp
// leaves them. Each step overwrites the previous one, as in the builder, where the draft
// model's forward reads each step's mapping in between.
Outputs fused(CaseData& data, const ParamPoint& p) {
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

}  // namespace

Suite make_step3p5_slot_mapping_suite() {
  return SuiteBuilder(kName)
      .describe("Step3.5 MTP draft steps: positions advanced (wrapping at max_model_len) in the "
                "proposer's buffer, then the slot mapping of each non-primary KV group, block "
                "number clamped at the table width; one call = K - 1 draft steps x G groups")
      .source("vllm/v1/spec_decode/step3p5.py", "Step3p5MTPProposer._update_positions_dependent_metadata")
      .device(SuiteDevice::Gpu)
      .axis("B", {4}, {1, 64, 256}, {1, 8, 64, 128, 256})
      .axis("G", {1, 2}, {1, 3}, {1, 2, 3})
      .axis("K", {3}, {2, 4}, {2, 3, 4})
      .axis("N", {256}, {256, 8192}, {256, 1024, 4096, 8192})
      .axis("bs", {16}, {16, 64}, {16, 64})
      .inputs(make_inputs)
      .outputs({"slot_mappings", "positions"})
      .clamp_variants(build,
                      "bn.clamp(max=N - 1): a new tensor per group per draft step",
                      "bn.clamp_(max=N - 1): in place")
      .floor("every draft step written straight into the group and position buffers; no allocation "
             "(the floor)", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_step3p5_slot_mapping_suite);

}  // namespace clampbench::suites
