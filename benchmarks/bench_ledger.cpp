// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// What the allocation ledger costs on host. One iteration = one allocate+release pair.
//   BM_MallocFree/<bytes>                  std::malloc + std::free (the baseline)
//   BM_HostAllocatorNoLedger/<bytes>       make_host_allocator(nullptr): the allocator door
//                                          (virtual policy, 64-byte aligned_alloc), no ledger
//   BM_HostAllocatorLedger/<bytes>/<scopes> the same allocator reporting to a ledger with
//                                          0, 1 or 3 nested LedgerScopes open
//   BM_LedgerRecord/<scopes>               AllocationLedger::record() of an Alloc and a Free
//   BM_SteadyClockNow                      the timestamp every ledger event takes
// Ledger overhead per allocation = HostAllocatorLedger - HostAllocatorNoLedger (same bytes).

#include <chrono>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "benchmarks/detail/counters.h"
#include "benchmarks/detail/scopes.h"
#include "kernels/allocators.h"
#include "kernels/ledger.h"

namespace clampbench::bench {
namespace {

void BM_MallocFree(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    void* p = std::malloc(bytes);
    benchmark::DoNotOptimize(p);
    std::free(p);
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_alloc"] = ns_per(1);
}

// Allocates and releases through the Allocator door; checks afterwards that the ledger (when
// there is one) saw exactly one allocation and one free per iteration.
void run_allocator_pairs(benchmark::State& state, Allocator& allocator, AllocationLedger* ledger) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  for (auto _ : state) {
    Block b = allocator.allocate(bytes, Stream{});
    benchmark::DoNotOptimize(b.ptr);
    allocator.release(b);
    benchmark::ClobberMemory();
  }
  if (ledger != nullptr) {
    const LedgerCounters c = ledger->totals(DeviceType::Host);
    const auto n = static_cast<std::uint64_t>(state.iterations());
    if (c.allocations != n || c.frees != n) state.SkipWithError("ledger missed events");
  }
  state.counters["ns_per_alloc"] = ns_per(1);
}

void BM_HostAllocatorNoLedger(benchmark::State& state) {
  auto allocator = make_host_allocator(nullptr);
  run_allocator_pairs(state, *allocator, nullptr);
}

void BM_HostAllocatorLedger(benchmark::State& state) {
  AllocationLedger ledger;
  auto allocator = make_host_allocator(&ledger);
  NestedScopes scopes(ledger, static_cast<int>(state.range(1)));
  run_allocator_pairs(state, *allocator, &ledger);
}

void BM_LedgerRecord(benchmark::State& state) {
  AllocationLedger ledger;
  NestedScopes scopes(ledger, static_cast<int>(state.range(0)));
  static char target[64];
  LedgerEvent alloc{LedgerEventKind::Alloc, DeviceType::Host, target, 48, 64, Stream{}, 0};
  LedgerEvent release = alloc;
  release.kind = LedgerEventKind::Free;
  for (auto _ : state) {
    benchmark::DoNotOptimize(alloc);
    ledger.record(alloc);
    benchmark::DoNotOptimize(release);
    ledger.record(release);
  }
  if (ledger.totals(DeviceType::Host).allocations != static_cast<std::uint64_t>(state.iterations()))
    state.SkipWithError("ledger missed events");
  state.counters["ns_per_event"] = ns_per(2);
}

void BM_SteadyClockNow(benchmark::State& state) {
  for (auto _ : state) {
    auto t = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(t);
  }
  state.counters["ns_per_call"] = ns_per(1);
}

BENCHMARK(BM_MallocFree)->ArgName("bytes")->Arg(256)->Arg(4096);
BENCHMARK(BM_HostAllocatorNoLedger)->ArgName("bytes")->Arg(256)->Arg(4096);
BENCHMARK(BM_HostAllocatorLedger)->ArgNames({"bytes", "scopes"})->ArgsProduct({{256, 4096}, {0, 1, 3}});
BENCHMARK(BM_LedgerRecord)->ArgName("scopes")->Arg(0)->Arg(1)->Arg(3);
BENCHMARK(BM_SteadyClockNow);

}  // namespace
}  // namespace clampbench::bench

BENCHMARK_MAIN();
