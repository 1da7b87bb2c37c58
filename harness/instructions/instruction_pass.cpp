// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/instruction_pass.h"

#include <algorithm>

#include <fmt/format.h>

#include "harness/selection/case_id.h"
#include "harness/nvtx/range.h"

namespace clampbench {

namespace {
// Out of line, so that the probe and the planted call run the same loop body.
__attribute__((noipa)) void spin(std::int64_t n) {
  for (std::int64_t i = 0; i < n; ++i) asm volatile("" ::: "memory");  // kept, and nothing else
}

// Counts one call of `v` on a fresh clone of the inputs (the clone is made outside the
// count), followed by `extra` iterations of the planting loop.
std::int64_t count_call(InstructionCounter& counter, const std::string& label, const Variant& v,
                        const CaseData& inputs, const ParamPoint& params, std::int64_t extra = 0) {
  CaseData data = inputs.clone();
  return counter.count(label, [&] {
    Outputs o = v.fn(data, params);
    spin(extra);
  });
}
}  // namespace

std::vector<std::string> instruction_pass(const Suite& suite, CaseResult& r, const CaseData& inputs,
                                          InstructionCounter& counter, double planted) {
  const nvtx::Range pass("instruction pass", nvtx::Level::Pass);
  const int counted_calls = counter.method() == InstructionMethod::Perf ? 3 : 1;
  std::vector<std::string> errors;
  // A CUDA builder's host instructions include the driver's spin-waits on the device (any
  // .item() or copy back): a count that moves with the GPU's speed is no gate.
  if (r.device != DeviceType::Host) return errors;
  for (auto& vr : r.variants) {
    if (vr.error) continue;
    const Variant* v = suite.find_variant(vr.name);
    const std::string label = variant_id(r.case_id, vr.name);
    try {
      try {
        CaseData warm = inputs.clone();
        Outputs o = v->fn(warm, r.params);  // warm-up
      } catch (const std::exception&) {
        continue;  // a failing builder is the other passes' finding, not a counting failure
      }
      std::int64_t extra = 0;
      if (planted > 0) {  // the loop's share, calibrated with the counter itself
        constexpr std::int64_t kProbe = 100000;
        const double per_iteration = static_cast<double>(counter.count(label, [] { spin(kProbe); })) / kProbe;
        const double own = static_cast<double>(count_call(counter, label, *v, inputs, r.params));
        extra = static_cast<std::int64_t>(planted * own / per_iteration);
      }
      std::int64_t best = count_call(counter, label, *v, inputs, r.params, extra);
      for (int i = 1; i < counted_calls; ++i)
        best = std::min(best, count_call(counter, label, *v, inputs, r.params, extra));
      vr.instructions = best;
    } catch (const std::exception& e) {
      errors.push_back(fmt::format("instruction count of {}: {}", label, e.what()));
    }
  }
  return errors;
}

}  // namespace clampbench
