// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The checked-in list of known findings (results/expectations.json): under which parameter
// conditions a variant differs, in which outputs and which Persistent buffers (with, where it
// is stable, how many elements change), the verdict that adds up to, and why. Anything not
// listed is expected to be "same", with no finding. The first matching rule wins. Matching is
// per finding, not per verdict class, so a new fault cannot hide behind a known one of the same
// class (harness/verdicts/findings.h). Version 1 files name a verdict class only; they still load, and
// their rules check the class alone. Also the known order-dependent writes (optional
// "order_dependent_writes" list): a finding not listed, or a listed one that does not show, is
// unexpected like a verdict; likewise the known latent writes ("latent_writes").

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/case_result.h"
#include "harness/verdicts/expectation.h"
#include "suites/suite.h"

namespace clampbench {

struct ExpectationRule {
  std::string suite, variant;
  std::vector<ParamCondition> when;  // all must hold
  Expectation then;
};

// A known order-dependent write (OrderWriteFinding) into `buffer`, under the same conditions.
// Every matching entry is expected (no first-match rule: findings are a set per variant).
struct KnownOrderWrite {
  std::string suite, variant, buffer;
  std::vector<ParamCondition> when;
  std::string reason;
};

class Expectations {
 public:
  // Throws std::invalid_argument with a one-line message naming the problem (missing file,
  // bad JSON, unknown suite/variant/verdict/operator/schema version, a verdict its findings
  // do not add up to).
  static Expectations load(const std::string& path, const std::vector<Suite>& known);
  Expectation expect(const std::string& suite, const std::string& variant, const ParamPoint& p) const;
  const std::vector<ExpectationRule>& rules() const { return rules_; }
  // Marks each finding known (with its reason) or not, and lists the known buffers that showed
  // none in `vr.order_writes_vanished`.
  void apply_order_writes(const std::string& suite, const ParamPoint& p, VariantResult& vr) const;
  // The same for latent writes (optional "latent_writes" list, entries shaped alike).
  void apply_latent_writes(const std::string& suite, const ParamPoint& p, VariantResult& vr) const;

 private:
  Expectation default_;
  std::vector<ExpectationRule> rules_;
  std::vector<KnownOrderWrite> known_order_writes_;
  std::vector<KnownOrderWrite> known_latent_writes_;
};

// ../share/clampbench/expectations.json next to the running binary when it is installed,
// else CLAMPBENCH_SOURCE_DIR/results/expectations.json, baked in at build time.
std::string default_expectations_path();

}  // namespace clampbench
