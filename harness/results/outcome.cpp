// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/results/outcome.h"

#include "harness/selection/case_id.h"

namespace clampbench {

namespace {
// Status and exit code from the lists: internal_error 3 over unexpected 1 over as_expected 0.
void set_status(Outcome& o) {
  if (!o.internal_errors.empty()) {
    o.status = "internal_error";
    o.exit_code = kExitInternal;
  } else if (!o.unexpected.empty() || !o.unexpected_findings.empty() || !o.unexpected_order_writes.empty() ||
             !o.unexpected_latent_writes.empty()) {
    o.status = "unexpected";
    o.exit_code = kExitUnexpected;
  } else {
    o.status = "as_expected";
    o.exit_code = kExitOk;
  }
}

}  // namespace

Outcome compute_outcome(std::span<const CaseResult> cases, std::vector<std::string> internal_errors) {
  Outcome o;
  for (const auto& c : cases) {
    for (const auto& v : c.variants) {
      if (v.verdict != v.expected_verdict) o.unexpected.push_back({c.case_id, v.name, v.verdict, v.expected_verdict});
      for (const auto& f : v.unexpected_findings) o.unexpected_findings.push_back({c.case_id, v.name, f});
      for (const auto& f : v.order_dependent_writes)
        if (!f.expected) o.unexpected_order_writes.push_back({c.case_id, v.name, f.buffer, false});
      for (const auto& b : v.order_writes_vanished) o.unexpected_order_writes.push_back({c.case_id, v.name, b, true});
      for (const auto& f : v.latent_writes)
        if (!f.expected) o.unexpected_latent_writes.push_back({c.case_id, v.name, f.buffer, false});
      for (const auto& b : v.latent_writes_vanished) o.unexpected_latent_writes.push_back({c.case_id, v.name, b, true});
      // A CUDA failure means the device state is suspect: the whole run is an internal error.
      if (v.device_error && v.error) internal_errors.push_back(variant_id(c.case_id, v.name) + ": " + *v.error);
    }
  }
  o.internal_errors = std::move(internal_errors);
  set_status(o);
  return o;
}

}  // namespace clampbench
