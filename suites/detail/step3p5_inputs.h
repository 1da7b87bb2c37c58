// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Inputs of the Step3.5 draft slot-mapping suite: what the draft loop of
// Step3p5MTPProposer.propose (vllm/v1/spec_decode/step3p5.py:348-403) hands to
// _update_positions_dependent_metadata. max_model_len is N * bs: vLLM's block tables are
// cdiv(max_model_len, block_size) wide, rounded up to a multiple of 128 // bs
// (v1/worker/block_table.py:249-264), which N * bs with bs | 128 and 128 // bs | N matches.
// Rows 0, 1, 2 start at max_model_len - 1, - 2, - 3 at every point, so that every case meets
// the wrap to 0 at draft step 1, 2, 3 and the masking of the step-2+ aliasing (see the builder).

#include <algorithm>
#include <cstdint>
#include <vector>

#include "kernels/ops.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/input_gen.h"
#include "suites/suite.h"

namespace clampbench::suites::detail {

inline constexpr std::int64_t kStep3p5EdgeRows = 3;  // rows starting at max_model_len - 1 - row

inline CaseData make_step3p5_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  Rng rng(seed, "step3p5_slot_mapping");
  const std::int64_t batch = p.get("B"), groups = p.get("G"), k = p.get("K");
  const std::int64_t width = p.get("N"), block = p.get("bs");
  const std::int64_t max_model_len = width * block, rows = round_up(batch, 8);
  // Step-0 positions (positions[token_indices_to_sample] in vLLM): the edge rows, then a
  // quarter near the end (within K of it), the rest anywhere.
  std::vector<std::int64_t> sampled(batch);
  for (std::int64_t b = 0; b < batch; ++b) {
    if (b < kStep3p5EdgeRows) sampled[b] = max_model_len - 1 - b;
    else sampled[b] = rng.chance(1, 4) ? max_model_len - rng.uniform(1, k) : rng.uniform(0, max_model_len - 1);
  }
  // self.positions as the first pass left it: each request's verified tokens (1..K of them)
  // end at its sampled position; then stale positions. Long enough for round_up(B, 8) reads.
  std::vector<std::int64_t> buffer;
  for (std::int64_t b = 0; b < batch; ++b) {
    const std::int64_t query = std::min(rng.uniform(1, k), sampled[b] + 1);
    for (std::int64_t t = query - 1; t >= 0; --t) buffer.push_back(sampled[b] - t);
  }
  const std::int64_t buffer_len = std::max<std::int64_t>(static_cast<std::int64_t>(buffer.size()), rows) + 8;
  while (static_cast<std::int64_t>(buffer.size()) < buffer_len) buffer.push_back(rng.uniform(0, max_model_len - 1));
  // Distinct block ids covering each request up to its last draft position (capped at the
  // model length), 0 past it; rows past B belong to other requests.
  std::vector<std::int32_t> tables(groups * rows * width, 0);
  std::int64_t next_block = 1;
  for (std::int64_t g = 0; g < groups; ++g) {
    for (std::int64_t r = 0; r < rows; ++r) {
      const std::int64_t reach =
          r < batch ? std::min(sampled[r] + k - 1, max_model_len - 1) : rng.uniform(0, max_model_len - 1);
      const std::int64_t used = std::min(width, reach / block + 1);
      std::int32_t* row = tables.data() + (g * rows + r) * width;
      for (std::int64_t j = 0; j < used; ++j) row[j] = static_cast<std::int32_t>(next_block++);
    }
  }
  const std::int64_t slots_len = rows + 16;  // the groups' buffers hold stale values
  std::vector<std::int64_t> stale(groups * slots_len);
  for (auto& v : stale) v = rng.uniform(-1, 1 << 20);
  CaseData data;
  data.device = device;
  // A fresh copy in vLLM that nobody writes: Persistent, so that a write shows as a mutation.
  data.add("sampled_positions", from_vector<std::int64_t>(sampled, Dims{batch}, device), Role::Persistent);
  data.add("positions_buffer", from_vector<std::int64_t>(buffer, Dims{buffer_len}, device), Role::PersistentWritable);
  data.add("block_tables", from_vector<std::int32_t>(tables, Dims{groups, rows, width}, device), Role::Persistent);
  data.add("slot_mappings", from_vector<std::int64_t>(stale, Dims{groups, slots_len}, device),
           Role::PersistentWritable);
  return data;
}

}  // namespace clampbench::suites::detail
