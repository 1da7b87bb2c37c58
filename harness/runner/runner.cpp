// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/runner/runner.h"

#include <algorithm>
#include <chrono>
#include <memory>

#include <fmt/format.h>

#include "harness/selection/case_filter.h"
#include "harness/cupti/tracer.h"
#include "harness/verdicts/findings.h"
#include "harness/instructions/instruction_pass.h"
#include "harness/nvtx/range.h"
#include "kernels/error.h"
#include "kernels/runtime.h"

namespace clampbench {

void record_error(VariantResult& v, const std::exception& e, const std::string& where) {
  if (v.error) return;  // keep the first failure: later ones are usually its echo
  v.error = fmt::format("{}: {}", where, e.what());
  auto* te = dynamic_cast<const TensorError*>(&e);
  v.device_error = te != nullptr && te->kind() == ErrorKind::Device;
}

Runner::Runner(const RunConfig& config, const Expectations& expectations, cupti::Tracer& tracer,
               TimingSession* timing)
    : config_(config), expectations_(expectations), tracer_(tracer), timing_(timing),
      delay_(config.plant.delay()) {}

std::vector<const Variant*> Runner::selected_variants(const Suite& suite) const {
  return clampbench::selected_variants(suite, config_);
}

DeviceType Runner::case_device(const Suite& suite) const {
  return suite.device == SuiteDevice::Gpu && config_.use_cuda ? DeviceType::Cuda : DeviceType::Host;
}

CaseResult Runner::run_case(const Suite& suite, const ParamPoint& point) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::string id = case_id(suite, point);
  const nvtx::Range case_range("case " + id, nvtx::Level::Case);
  CaseResult r;
  r.suite = suite.name;
  r.case_id = id;
  r.params = point;
  r.device = case_device(suite);
  const auto variants = selected_variants(suite);

  CaseData inputs;
  std::vector<HostTensor> before;
  try {
    inputs = suite.make_inputs(point, config_.seed, r.device);
    for (const auto& b : inputs.buffers) before.push_back(host_view(b.tensor));
  } catch (const std::exception& e) {
    for (const Variant* v : variants) {
      VariantResult vr;
      vr.name = v->name;
      record_error(vr, e, "make_inputs");
      r.variants.push_back(std::move(vr));
    }
    decide(r);
    r.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
  }

  const bool keep_tensors = !config_.dump_dir.empty();  // the dump writes them after the case
  for (const Variant* v : variants) {
    const std::size_t k = r.variants.size();
    const std::optional<DeviceType> resident =
        suite.device == SuiteDevice::Gpu ? std::optional<DeviceType>(r.device) : std::nullopt;
    r.variants.push_back(allocation_pass(*v, inputs, point, variant_id(r.case_id, v->name), resident));
    {
      const nvtx::Range pass("check pass", nvtx::Level::Pass);
      check_variant(r, k, before);
    }
    {
      const nvtx::Range pass("consequence pass", nvtx::Level::Pass);
      consequence_variant(suite, r, k);
    }
    if (k > 0 && !keep_tensors) release_tensors(r.variants[k]);
  }
  if (!keep_tensors && !r.variants.empty()) release_tensors(r.variants.front());
  if (counter_ != nullptr)
    for (auto& e : instruction_pass(suite, r, inputs, *counter_, config_.plant.instruction_share()))
      instruction_errors_.push_back(std::move(e));
  if (timing_ != nullptr) {
    const nvtx::Range pass("timing pass", nvtx::Level::Pass);
    timing_pass(suite, r, inputs);
  }
  decide(r);
  r.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return r;
}

void Runner::timing_pass(const Suite& suite, CaseResult& r, const CaseData& inputs) {
  std::vector<TimedCall> calls;
  for (auto& vr : r.variants) {
    if (vr.error) continue;  // a variant that failed once is not timed
    const Variant* v = suite.find_variant(vr.name);
    // One clone per variant, reused for every iteration: the builder sees state as warm as
    // in a serving loop, and the clone is not part of the measured time.
    auto data = std::make_shared<CaseData>(inputs.clone());
    const int times = config_.plant.builder_runs();
    std::function<void()> call = [fn = v->fn, data, point = r.params, times] {
      for (int i = 0; i < times; ++i) Outputs o = fn(*data, point);
    };
    if (delay_ && delay_->applies_to(suite.name)) {
      if (!stall_) stall_ = std::make_unique<MemoryStall>();
      call = delayed_call(std::move(call), *stall_, delay_->ratio);
    }
    calls.push_back({vr.name, std::move(call)});
  }
  auto timed = timing_->time_case(r.case_id, r.device == DeviceType::Cuda, calls);
  for (auto& vr : r.variants) {
    auto it = timed.find(vr.name);
    if (it == timed.end()) continue;
    if (it->second.error) {
      vr.error = "timing pass: " + *it->second.error;
      vr.device_error = it->second.device_error;
    }
    vr.timing = it->second.timing;
  }
}

void Runner::decide(CaseResult& r) { judge_case(expectations_, r); }

void judge_case(const Expectations& expectations, CaseResult& r) {
  for (auto& vr : r.variants) {
    if (vr.error) vr.verdict = Verdict::Error;
    else if (!vr.output_mismatches.empty()) vr.verdict = Verdict::OutputMismatch;
    else if (!vr.mutations.empty()) vr.verdict = Verdict::Mutation;
    else vr.verdict = Verdict::Same;
    const Expectation e = expectations.expect(r.suite, vr.name, r.params);
    vr.expected_verdict = e.verdict;
    vr.expectation_reason = e.reason;
    match_findings(e, vr);
    expectations.apply_order_writes(r.suite, r.params, vr);
    expectations.apply_latent_writes(r.suite, r.params, vr);
  }
}

}  // namespace clampbench
