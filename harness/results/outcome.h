// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The run's outcome and exit code: 0 every verdict and finding as expected, 1 some verdict
// differs from the expectations or some finding (an output that differs, a changed buffer or
// its count, an order-dependent or latent write) is not listed, or a listed one vanished, 3 an
// internal or CUDA error happened (2, bad usage, never gets this far).

#include <span>
#include <string>
#include <vector>

#include "harness/results/case_result.h"

namespace clampbench {

enum ExitCode : int { kExitOk = 0, kExitUnexpected = 1, kExitUsage = 2, kExitInternal = 3 };

struct UnexpectedVerdict {
  std::string case_id, variant;
  Verdict verdict, expected;
};

struct UnexpectedOrderWrite {
  std::string case_id, variant, buffer;
  bool vanished = false;  // listed as known but not found; else found but not listed
};

struct UnexpectedCheckFinding {
  std::string case_id, variant;
  UnexpectedFinding finding;
};

struct Outcome {
  std::string status;  // "as_expected" | "unexpected" | "internal_error"
  int exit_code = kExitOk;
  std::vector<UnexpectedVerdict> unexpected;
  std::vector<UnexpectedCheckFinding> unexpected_findings;  // outputs and mutations, by name
  std::vector<UnexpectedOrderWrite> unexpected_order_writes;
  std::vector<UnexpectedOrderWrite> unexpected_latent_writes;  // same shape, latent writes
  std::vector<std::string> internal_errors;  // CUDA failures and harness failures, one line each
};

Outcome compute_outcome(std::span<const CaseResult> cases, std::vector<std::string> internal_errors);
inline Outcome compute_outcome(const std::vector<CaseResult>& cases, std::vector<std::string> internal_errors) {
  return compute_outcome(std::span<const CaseResult>(cases), std::move(internal_errors));
}

}  // namespace clampbench
