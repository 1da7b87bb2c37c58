// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The ids every output names cases and variants by, built here and nowhere else: a case is
// "suite/label" (the results' case_id, --case, --resume, the dump manifest), one variant of it
// "suite/label/variant" (--benchmark_list_tests, Google Benchmark's names, instruction counts,
// error lines).

#include <string>

#include "suites/suite.h"

namespace clampbench {

inline std::string case_id(const Suite& suite, const ParamPoint& point) { return suite.name + "/" + point.label(); }

inline std::string variant_id(const std::string& case_id, const std::string& variant) {
  return case_id + "/" + variant;
}

}  // namespace clampbench
