// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The allocation traces of a run as a Chrome trace event file (`--trace-out`, opens in
// Perfetto / chrome://tracing; the results' own "allocation_trace" is results_json/writer.h's):
// one process per case x variant, one complete event per
// allocation from its allocation to its free, and a "live bytes" counter track per variant.
// Time is the trace's sequence index (1 "us" per allocation or free): the order is exact,
// durations are not wall time.

#include <cstddef>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/results/case_result.h"

namespace clampbench {

// {"traceEvents": [...], "displayTimeUnit": "ns"} over every variant of every case.
nlohmann::json chrome_trace(const std::vector<CaseResult>& cases);

}  // namespace clampbench
