// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Site 6: Step3.5 MTP proposer, slot mapping of the non-primary KV cache groups at each draft
// step. The block number of each draft position is clamped to the group's table width (past
// the end of the model, the row is masked to the padding slot anyway). One call is one
// proposal: K - 1 draft steps, each over every non-primary group.

#include <algorithm>
#include <vector>

#include "suites/all_suites.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/input_gen.h"
#include "suites/fused/step3p5_slot_mapping_fused.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "step3p5_slot_mapping";
constexpr std::int64_t kPaddingSlot = -1;  // PADDING_SLOT_ID

// Per draft step: exceeds (old + 1 >= L) 2; per group: bn 1, clamp 1 (0 in place), gather 1,
// slot 3. Per call: (K - 1) * (2 + 6 G) with clamp, (K - 1) * (2 + 5 G) with clamp_.
Outputs build(CaseData& in, const ParamPoint& p, bool in_place) {
  const Tensor& positions = in.get("positions");        // [K, B]: row s = positions at draft step s
  const Tensor& block_tables = in.get("block_tables");  // [G, R, N]
  Tensor& slot_mappings = in.get("slot_mappings");      // [G, T]: one buffer per group
  const std::int64_t batch = positions.size(1), groups = block_tables.size(0);
  const std::int64_t width = block_tables.size(2), block = p.get("bs");
  const std::int64_t max_model_len = width * block, padded_batch = detail::round_up(batch, 8);
  for (std::int64_t step = 1; step < positions.size(0); ++step) {
    const Tensor old_positions = positions.select(0, step - 1);
    const Tensor new_positions = positions.select(0, step);
    const Tensor exceeds = ge(add(old_positions, 1), max_model_len);
    for (std::int64_t g = 0; g < groups; ++g) {
      const Tensor table = block_tables.select(0, g);
      Tensor bn = floor_divide(new_positions, block);
      if (in_place) {
        clamp_(bn, std::nullopt, width - 1);
      } else {
        bn = clamp(bn, std::nullopt, width - 1);
      }
      bn = to(bn, DType::Int64);  // .to(torch.long): already int64, no copy
      Tensor block_ids = gather(table.slice(0, 0, batch), 1, bn.unsqueeze(1)).squeeze(1);
      Tensor slot = add(mul(block_ids, block), remainder(new_positions, block));
      masked_fill_(slot, exceeds, kPaddingSlot);
      Tensor buffer = slot_mappings.select(0, g);
      Tensor head = buffer.slice(0, 0, batch);
      copy_(head, slot);
      if (padded_batch > batch) {
        Tensor tail = buffer.slice(0, batch, padded_batch);
        fill_(tail, kPaddingSlot);
      }
    }
  }
  return {{"slot_mappings", slot_mappings}};
}

// Draft positions advance by one per step (positions[s] = positions[0] + s). Some requests
// sit at the end of the model so that later draft steps run past the table (the block number
// is clamped, the slot masked). Tables hold distinct block ids, 0 past a request's length;
// the slot buffers hold stale values from earlier steps.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName);
  const std::int64_t batch = p.get("B"), groups = p.get("G"), k = p.get("K");
  const std::int64_t width = p.get("N"), block = p.get("bs");
  const std::int64_t max_model_len = width * block, rows = detail::round_up(batch, 8);
  const std::int64_t spare = 8, buffer_len = rows + 16;
  std::vector<std::int64_t> pos(k * (batch + spare), 0);
  for (std::int64_t b = 0; b < batch; ++b) {
    const std::int64_t start = rng.chance(1, 4) ? max_model_len - rng.uniform(1, k) : rng.uniform(0, max_model_len - 1);
    for (std::int64_t s = 0; s < k; ++s) pos[s * (batch + spare) + b] = start + s;
  }
  std::vector<std::int32_t> tables(groups * rows * width, 0);
  std::int64_t next_block = 1;
  for (std::int64_t g = 0; g < groups; ++g) {
    for (std::int64_t r = 0; r < rows; ++r) {
      const std::int64_t reach = r < batch ? pos[(k - 1) * (batch + spare) + r] : rng.uniform(0, max_model_len - 1);
      const std::int64_t used = std::min(width, reach / block + 1);
      for (std::int64_t j = 0; j < used; ++j) tables[(g * rows + r) * width + j] = static_cast<std::int32_t>(next_block++);
    }
  }
  std::vector<std::int64_t> stale(groups * buffer_len);
  for (auto& v : stale) v = rng.uniform(-1, 1 << 20);
  CaseData data;
  data.device = device;
  data.add("positions", from_vector<std::int64_t>(pos, Dims{k, batch + spare}, device).narrow(1, 0, batch),
           Role::Persistent);
  data.add("block_tables", from_vector<std::int32_t>(tables, Dims{groups, rows, width}, device), Role::Persistent);
  data.add("slot_mappings", from_vector<std::int64_t>(stale, Dims{groups, buffer_len}, device),
           Role::PersistentWritable);
  return data;
}

}  // namespace

Suite make_step3p5_slot_mapping_suite() {
  return SuiteBuilder(kName)
      .describe("Step3.5 MTP draft steps: slot mapping of each non-primary KV group, block "
                "number clamped at the table width; one call = K - 1 draft steps x G groups")
      .source("vllm/v1/spec_decode/step3p5.py", "Step3p5MTPProposer._update_positions_dependent_metadata")
      .device(SuiteDevice::Gpu)
      .axis("B", {4}, {1, 64, 256}, {1, 8, 64, 128, 256})
      .axis("G", {1, 2}, {1, 3}, {1, 2, 3})
      .axis("K", {3}, {2, 4}, {2, 3, 4})
      .axis("N", {256}, {256, 8192}, {256, 1024, 4096, 8192})
      .axis("bs", {16}, {16, 64}, {16, 64})
      .inputs(make_inputs)
      .outputs({"slot_mappings"})
      .variant("clamp", "bn.clamp(max=N - 1): a new tensor per group per draft step",
               [](CaseData& in, const ParamPoint& p) { return build(in, p, false); })
      .variant("clamp_", "bn.clamp_(max=N - 1): in place",
               [](CaseData& in, const ParamPoint& p) { return build(in, p, true); })
      .variant("fused", "every draft step written straight into the group buffers; no allocation (issue 8 floor)",
               fused::fused_step3p5_slot_mapping)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_step3p5_slot_mapping_suite, 60);

}  // namespace clampbench::suites
