// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Per-op dispatch cost of eager ops on small host tensors: the cost that dominates a metadata
// builder, whose tensors hold a few dozen to a few hundred int32 values. Each op runs on the
// runtime's default host allocator with its ledger, as the suites do. One iteration = one op.
//   BM_Sub/<numel>, BM_SubScalar/<numel>, BM_Clamp/<numel>, BM_ClampInPlace/<numel>,
//   BM_Gather/<numel>
// Afterwards the ledger must show exactly one allocation per iteration (none for clamp_).

#include <cstdint>
#include <vector>

#include <benchmark/benchmark.h>

#include "benchmarks/detail/counters.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"

namespace clampbench::bench {
namespace {

Tensor ramp(std::int64_t numel, std::int32_t start) {
  std::vector<std::int32_t> v(static_cast<std::size_t>(numel));
  for (std::int64_t i = 0; i < numel; ++i) v[static_cast<std::size_t>(i)] = start + static_cast<std::int32_t>(i);
  return from_vector(v, Dims{numel}, DeviceType::Host);
}

// Runs `op` once per iteration and checks the ledger saw `allocs_per_op` allocations each time.
template <typename Op>
void run_op(benchmark::State& state, std::uint64_t allocs_per_op, Op op) {
  AllocationLedger& ledger = Runtime::current().ledger();
  const std::uint64_t before = ledger.totals(DeviceType::Host).allocations;
  for (auto _ : state) {
    op();
    benchmark::ClobberMemory();
  }
  const std::uint64_t seen = ledger.totals(DeviceType::Host).allocations - before;
  if (seen != allocs_per_op * static_cast<std::uint64_t>(state.iterations()))
    state.SkipWithError("unexpected allocation count");
  state.counters["ns_per_op"] = ns_per(1);
}

void BM_Sub(benchmark::State& state) {
  const Tensor a = ramp(state.range(0), 100);
  const Tensor b = ramp(state.range(0), 0);
  run_op(state, 1, [&] {
    Tensor r = sub(a, b);
    benchmark::DoNotOptimize(r.data_ptr());
  });
}

void BM_SubScalar(benchmark::State& state) {
  const Tensor a = ramp(state.range(0), 100);
  run_op(state, 1, [&] {
    Tensor r = sub(a, 1);
    benchmark::DoNotOptimize(r.data_ptr());
  });
}

void BM_Clamp(benchmark::State& state) {
  const Tensor a = ramp(state.range(0), -8);
  run_op(state, 1, [&] {
    Tensor r = clamp(a, Scalar(0), Scalar(64));
    benchmark::DoNotOptimize(r.data_ptr());
  });
}

void BM_ClampInPlace(benchmark::State& state) {
  Tensor a = ramp(state.range(0), -8);
  run_op(state, 0, [&] {
    Tensor& r = clamp_(a, Scalar(0), Scalar(64));
    benchmark::DoNotOptimize(r.data_ptr());
  });
}

void BM_Gather(benchmark::State& state) {
  const std::int64_t n = state.range(0);
  const Tensor self = ramp(n, 0);
  std::vector<std::int64_t> reversed(static_cast<std::size_t>(n));
  for (std::int64_t i = 0; i < n; ++i) reversed[static_cast<std::size_t>(i)] = n - 1 - i;
  const Tensor index = from_vector(reversed, Dims{n}, DeviceType::Host);
  run_op(state, 1, [&] {
    Tensor r = gather(self, 0, index);
    benchmark::DoNotOptimize(r.data_ptr());
  });
}

BENCHMARK(BM_Sub)->ArgName("numel")->Arg(16)->Arg(256);
BENCHMARK(BM_SubScalar)->ArgName("numel")->Arg(16)->Arg(256);
BENCHMARK(BM_Clamp)->ArgName("numel")->Arg(16)->Arg(256);
BENCHMARK(BM_ClampInPlace)->ArgName("numel")->Arg(16)->Arg(256);
BENCHMARK(BM_Gather)->ArgName("numel")->Arg(16)->Arg(256);

}  // namespace
}  // namespace clampbench::bench

BENCHMARK_MAIN();
