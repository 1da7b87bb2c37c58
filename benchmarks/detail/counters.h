// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Counters shared by the clampbench benchmarks. Google Benchmark reports an inverted rate in
// seconds per event; the README quotes nanoseconds, so the count is scaled by 1e-9 to make
// the reported value "ns per event" directly (state.counters["ns_per_alloc"] = ns_per(1)).
// The console reporter still prints the value with an "s" suffix; the JSON holds the number.

#include <benchmark/benchmark.h>

namespace clampbench::bench {

// Nanoseconds per event (CPU time), for `events_per_iteration` events in each loop pass.
inline benchmark::Counter ns_per(double events_per_iteration) {
  return benchmark::Counter(events_per_iteration * 1e-9,
                            benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

}  // namespace clampbench::bench
