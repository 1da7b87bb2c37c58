// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/instruction_pass.h"

#include <algorithm>

#include <fmt/format.h>

#include "harness/nvtx/range.h"

namespace clampbench {

std::vector<std::string> instruction_pass(const Suite& suite, CaseResult& r, const CaseData& inputs,
                                          InstructionCounter& counter) {
  const nvtx::Range pass("instruction pass", nvtx::Level::Pass);
  const int counted_calls = counter.method() == InstructionMethod::Perf ? 3 : 1;
  std::vector<std::string> errors;
  // A CUDA builder's host instructions include the driver's spin-waits on the device (any
  // .item() or copy back): a count that moves with the GPU's speed is no gate.
  if (r.device != DeviceType::Host) return errors;
  for (auto& vr : r.variants) {
    if (vr.error) continue;
    const Variant* v = suite.find_variant(vr.name);
    const std::string label = r.case_id + "/" + vr.name;
    try {
      CaseData data = inputs.clone();
      auto call = [&] { Outputs o = v->fn(data, r.params); };
      try {
        call();  // warm-up
      } catch (const std::exception&) {
        continue;  // a failing builder is the other passes' finding, not a counting failure
      }
      std::int64_t best = counter.count(label, call);
      for (int i = 1; i < counted_calls; ++i) best = std::min(best, counter.count(label, call));
      vr.instructions = best;
    } catch (const std::exception& e) {
      errors.push_back(fmt::format("instruction count of {}: {}", label, e.what()));
    }
  }
  return errors;
}

}  // namespace clampbench
