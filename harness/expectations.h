// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The checked-in list of known findings (results/expectations.json): which verdict a variant
// is expected to get, under which parameter conditions, and why. Anything not listed is
// expected to be "same". The first matching rule wins. Also the known order-dependent writes
// (optional "order_dependent_writes" list): a finding not listed, or a listed one that does
// not show, is unexpected like a verdict; likewise the known latent writes ("latent_writes").

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case_result.h"
#include "suites/suite.h"

namespace clampbench {

struct ParamCondition {
  std::string param;
  std::string op;  // "==", "!=", "<", "<=", ">", ">="
  std::int64_t value = 0;
  bool holds(const ParamPoint& p) const;  // false when the point lacks the parameter
};

struct ExpectationRule {
  std::string suite, variant;
  std::vector<ParamCondition> when;  // all must hold
  Verdict verdict = Verdict::Same;
  std::string reason;
};

// A known order-dependent write (OrderWriteFinding) into `buffer`, under the same conditions.
// Every matching entry is expected (no first-match rule: findings are a set per variant).
struct KnownOrderWrite {
  std::string suite, variant, buffer;
  std::vector<ParamCondition> when;
  std::string reason;
};

struct Expectation {
  Verdict verdict = Verdict::Same;
  std::string reason;  // empty for the default
};

class Expectations {
 public:
  // Throws std::invalid_argument with a one-line message naming the problem (missing file,
  // bad JSON, unknown suite/variant/verdict/operator).
  static Expectations load(const std::string& path, const std::vector<Suite>& known);
  Expectation expect(const std::string& suite, const std::string& variant, const ParamPoint& p) const;
  const std::vector<ExpectationRule>& rules() const { return rules_; }
  // Marks each finding known (with its reason) or not, and lists the known buffers that showed
  // none in `vr.order_writes_vanished`.
  void apply_order_writes(const std::string& suite, const ParamPoint& p, VariantResult& vr) const;
  const std::vector<KnownOrderWrite>& known_order_writes() const { return known_order_writes_; }
  // The same for latent writes (optional "latent_writes" list, entries shaped alike).
  void apply_latent_writes(const std::string& suite, const ParamPoint& p, VariantResult& vr) const;
  const std::vector<KnownOrderWrite>& known_latent_writes() const { return known_latent_writes_; }

 private:
  Verdict default_ = Verdict::Same;
  std::vector<ExpectationRule> rules_;
  std::vector<KnownOrderWrite> known_order_writes_;
  std::vector<KnownOrderWrite> known_latent_writes_;
};

// ../share/clampbench/expectations.json next to the running binary when it is installed,
// else CLAMPBENCH_SOURCE_DIR/results/expectations.json, baked in at build time.
std::string default_expectations_path();

}  // namespace clampbench
