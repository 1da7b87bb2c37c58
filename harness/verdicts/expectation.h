// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What one rule of the expectations file expects of a variant (harness/verdicts/expectations.h
// reads the file, harness/verdicts/findings.h matches a variant's findings against it): the
// conditions on a case's parameters, the outputs that may differ, the Persistent buffers that
// may change, and the verdict they add up to.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/results/case_result.h"
#include "suites/suite.h"

namespace clampbench {

struct ParamCondition {
  std::string param;
  std::string op;  // "==", "!=", "<", "<=", ">", ">="
  std::int64_t value = 0;
  bool holds(const ParamPoint& p) const;  // false when the point lacks the parameter
};

// A Persistent buffer the variant is expected to change; `changed` pins the number of changed
// elements where it is the same in every case the rule covers.
struct ExpectedMutation {
  std::string buffer;
  std::optional<std::int64_t> changed;
};

struct Expectation {
  Verdict verdict = Verdict::Same;
  std::string reason;        // empty for the default
  bool lists_findings = true;  // false: a version 1 rule, which names the verdict class only
  std::vector<std::string> outputs;  // outputs (or written buffers) that differ from the reference's
  std::vector<ExpectedMutation> mutations;
  // The later readers' observations that differ from the reference's ("reader/output"): the
  // step-level consequence of a write. Judged only by a rule that lists them (a "consequences"
  // key, even empty); elsewhere they are recorded, not judged.
  std::optional<std::vector<std::string>> consequences;
};

}  // namespace clampbench
