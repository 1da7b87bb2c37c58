// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The measurement recipe of one case (suite x parameter point), pass by pass:
//   inputs   made once from the seed; every call below gets its own fresh clone;
//   1 alloc  one warm-up call, then one call in a LedgerScope (and a CUPTI scope);
//   2 check  outputs vs the reference variant byte for byte; inputs before vs after;
//   3 conseq the suite's later readers on each variant's leftovers vs the reference's;
//   4 instr  user-space instructions per call, when counted in process (instruction_pass.h);
//   5 timing the variants interleaved until their noise converges (timing/timing.h; unless --no-timing);
//   6 verdict error > output_mismatch > mutation > same, and the expected verdict.
// Passes 1-3 run variant by variant, the reference first, so that each other variant's copy
// of the inputs and its outputs are dropped as soon as they are checked (unless --dump keeps
// them): a case holds the inputs, the reference's leftovers and one variant's at a time.

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/results/case_result.h"
#include "harness/verdicts/expectations.h"
#include "harness/instructions/instruction_counter.h"
#include "harness/config/run_config.h"
#include "harness/runner/planted_delay.h"
#include "harness/timing/timing.h"

namespace clampbench {

namespace cupti { class Tracer; }

class Runner {
 public:
  // `timing` may be null (no timing pass); `tracer` is always given (maybe unavailable).
  Runner(const RunConfig& config, const Expectations& expectations, cupti::Tracer& tracer,
         TimingSession* timing);

  // Variants that run for `suite`: the reference, then those selected by --variant (all when
  // none was given), in registration order.
  std::vector<const Variant*> selected_variants(const Suite& suite) const;
  DeviceType case_device(const Suite& suite) const;

  // Counts each variant's instructions with `counter` (perf; null: no instruction pass here).
  void set_instruction_counter(InstructionCounter* counter) { counter_ = counter; }
  // Counting failures since the last call, one line each (internal errors of the run).
  std::vector<std::string> take_instruction_errors() { return std::exchange(instruction_errors_, {}); }

  // Never throws for a failing builder: failures become `error` verdicts.
  CaseResult run_case(const Suite& suite, const ParamPoint& point);

 private:
  // `resident`: the device whose tensors the host cost counts as on the device (kernels/host_cost.h).
  VariantResult allocation_pass(const Variant& v, const CaseData& inputs, const ParamPoint& point,
                                const std::string& scope_name, std::optional<DeviceType> resident);
  void check_variant(CaseResult& r, std::size_t k, const std::vector<HostTensor>& before);
  void consequence_variant(const Suite& suite, CaseResult& r, std::size_t k);
  void timing_pass(const Suite& suite, CaseResult& r, const CaseData& inputs);
  void decide(CaseResult& r);

  const RunConfig& config_;
  const Expectations& expectations_;
  cupti::Tracer& tracer_;
  TimingSession* timing_;
  InstructionCounter* counter_ = nullptr;
  std::vector<std::string> instruction_errors_;
  std::optional<DelayPlant> delay_;    // --plant delay:R[:SUITE]
  std::unique_ptr<MemoryStall> stall_;  // its buffer, made on the first delayed call
};

// Each variant's verdict from its findings, and what `expectations` expect of it (expected
// verdict, findings, known order-dependent and latent writes). The runner's last step; also
// how a resumed case is judged by this run's expectations.
void judge_case(const Expectations& expectations, CaseResult& r);

// Drops the tensors a variant kept for the checks and the dump (outputs, inputs after, readers').
void release_tensors(VariantResult& vr);

// Records the exception in the variant (message, and whether it was a CUDA failure).
void record_error(VariantResult& v, const std::exception& e, const std::string& where);

}  // namespace clampbench
