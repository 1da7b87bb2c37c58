// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// A throwaway suite in one file, the example of docs/adding-a-suite.md: it is compiled into
// test_one_file_suite only, registers itself, and nothing else in the tree names it.
// The "builder": the index of each request's last token, seq_lens - 1, which is -1 for an
// empty (padding) row and so clamped at 0: last = (seq_lens - 1).clamp(min=0).

#include <vector>

#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/tensor_refs.h"
#include "suites/suite.h"

namespace clampbench::example {
namespace {

constexpr const char* kName = "example_last_token";

// Per call: sub 1, clamp 1 = 2 allocations; clamp_ works in place: 1.
Outputs build(CaseData& in, const ParamPoint&, suites::detail::ClampMode mode) {
  Tensor last = sub(in.get("seq_lens"), 1);
  last = suites::detail::clamp_as(mode, last, 0);
  return {{"last_token_idx", last}};
}

// The floor: one loop writing the output, its only allocation.
Outputs fused(CaseData& in, const ParamPoint&) {
  const auto lens = suites::detail::ref1<const std::int32_t>(in.get("seq_lens"), "seq_lens");
  Tensor out = Tensor::empty({lens.size}, DType::Int32, in.device);
  auto* o = suites::detail::out_ptr<std::int32_t>(out);
  for (std::int64_t r = 0; r < lens.size; ++r) o[r] = lens[r] > 0 ? lens[r] - 1 : 0;
  return {{"last_token_idx", out}};
}

// R rows; a quarter of them padding (length 0), the rest 1..4096 tokens.
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  suites::detail::Rng rng(seed, kName);
  const std::int64_t rows = p.get("R");
  std::vector<std::int32_t> lens(rows, 0);
  for (std::int64_t r = 0; r < rows - rows / 4; ++r) lens[r] = static_cast<std::int32_t>(rng.uniform(1, 4096));
  CaseData data;
  data.device = device;
  data.add("seq_lens", from_vector<std::int32_t>(lens, Dims{rows}, device), Role::Persistent);
  return data;
}

}  // namespace

Suite make_example_last_token_suite() {
  return SuiteBuilder(kName)
      .describe("example: (seq_lens - 1).clamp(min=0), the last token of each request")
      .source("(none: the docs/adding-a-suite.md example)", "last_token_idx")
      .device(SuiteDevice::Host)
      .axis("R", {4, 8}, {4, 64}, {4, 64, 1024})
      .inputs(make_inputs)
      .outputs({"last_token_idx"})
      .clamp_variants(build, "torch.clamp(last, min=0): a new tensor", "last.clamp_(min=0): in place")
      .floor("one host loop, allocating only the output", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_example_last_token_suite);

}  // namespace clampbench::example
