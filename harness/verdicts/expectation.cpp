// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/verdicts/expectation.h"

namespace clampbench {

bool ParamCondition::holds(const ParamPoint& p) const {
  if (!p.has(param)) return false;
  const std::int64_t v = p.get(param);
  if (op == "==") return v == value;
  if (op == "!=") return v != value;
  if (op == "<") return v < value;
  if (op == "<=") return v <= value;
  if (op == ">") return v > value;
  return v >= value;  // ">=", the only operator left after load()'s validation
}

}  // namespace clampbench
