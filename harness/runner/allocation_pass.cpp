// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Pass 1 of the recipe: one warm-up call, then one measured call on a fresh copy of the inputs
// inside a ledger scope and a CUPTI scope. The copy is made before the scopes open, so only the
// builder's own allocations are counted; the warm-up lets a caching allocator reach its
// steady state, as in a serving loop. The measured call also runs in a write-order scope:
// its order-dependent writes into the runner's buffers become findings.

#include <fmt/format.h>

#include "harness/cupti/tracer.h"
#include "harness/cupti/cross_check.h"
#include "harness/cupti/launch_check.h"
#include "harness/nvtx/range.h"
#include "harness/verdicts/write_findings.h"
#include "harness/runner/runner.h"
#include "kernels/runtime.h"
#include "kernels/allocation_trace.h"
#include "kernels/host_cost.h"
#include "kernels/write_order.h"

namespace clampbench {

namespace {
// Keeps CUPTI scopes balanced when the builder throws.
class TracerScope {
 public:
  TracerScope(cupti::Tracer& t, const std::string& name) : tracer_(t), open_(t.available()) {
    if (open_) tracer_.begin_scope(name);
  }
  ~TracerScope() {
    if (open_) tracer_.end_scope();
  }
  cupti::ScopeStats close() {
    if (!open_) {
      cupti::ScopeStats s;
      s.reason = tracer_.unavailable_reason();
      return s;
    }
    open_ = false;
    return tracer_.end_scope();
  }

 private:
  cupti::Tracer& tracer_;
  bool open_;
};
}  // namespace

VariantResult Runner::allocation_pass(const Variant& v, const CaseData& inputs, const ParamPoint& point,
                                      const std::string& scope_name, std::optional<DeviceType> resident) {
  VariantResult vr;
  vr.name = v.name;
  Runtime& rt = Runtime::current();
  const nvtx::Range variant_range("variant " + v.name, nvtx::Level::Variant);
  try {
    {
      CaseData warm = inputs.clone();
      vr.after = warm;  // the same storages, whatever the warm-up call rebinds in `warm`
      Outputs discarded = v.fn(warm, point);
      rt.synchronize();
    }
    // Pristine inputs again, in the warm-up's memory: a second clone would fault in fresh
    // pages for every input (most of the nightly set's time was the kernel zeroing them).
    vr.after.copy_from(inputs);
    rt.synchronize();
    rt.ledger().set_event_log(true);
    rt.ledger().take_event_log();  // drop the clone's events
    TracerScope trace(tracer_, scope_name);
    LedgerScope scope(rt.ledger(), scope_name);
    WriteOrderScope order_scope;
    AllocationTraceScope allocation_trace;
    {
      const nvtx::Range call("call " + v.name, nvtx::Level::Call);
      HostCostScope host_cost(resident);
      vr.outputs = v.fn(vr.after, point);
      vr.host_cost = host_cost.close();
      if (config_.plant.extra_allocation()) Tensor planted = Tensor::empty({16}, DType::Int32, inputs.device, "plant");
      rt.synchronize();
    }
    vr.order_dependent_writes = map_order_dependent_writes(order_scope.close(), vr.after);
    vr.latent_writes = map_latent_writes(order_scope.view_writes(), vr.after);
    vr.allocation_trace = allocation_trace.close();
    vr.ledger = scope.close();
    vr.ledger_valid = true;
    const cupti::ScopeStats stats = trace.close();
    rt.ledger().set_event_log(false);
    // The driver's view against the ledger's own events of the same call (exact for empty
    // tensors, which never reach the driver).
    const std::vector<LedgerEvent> events = rt.ledger().take_event_log();
    vr.cupti = CuptiResult{stats, cupti::cross_check(stats, events, config_.allocator),
                           cupti::cross_check_launches(stats, *vr.host_cost)};
    vr.ran = true;
  } catch (const std::exception& e) {
    rt.ledger().set_event_log(false);
    rt.ledger().take_event_log();
    record_error(vr, e, "builder call");
    vr.outputs.clear();
    vr.host_cost.reset();
  }
  return vr;
}

}  // namespace clampbench
