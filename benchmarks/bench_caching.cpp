// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The caching allocator's allocate+free round trip on a warm cache, against the cheapest
// allocator there is for one size: a free list of same-size blocks. One iteration = one pair.
//   BM_FreeListAllocator/<bytes>      the baseline: a free list with the policy's contract (a
//                                     call each way, one mutex; detail/free_list.h)
//   BM_FreeListLocked/<bytes>         the same pop/push and mutex, inlined into the loop
//   BM_FreeList/<bytes>               std::vector<void*> pop_back + push_back inlined, no lock:
//                                     the floor (two pointer moves), below any shareable allocator
//   BM_CachingPolicy/<bytes>          caching::CachingPolicy::malloc/free over malloc'd segments
//   BM_CachingPolicyReference/<bytes> the same without immediate reuse (PyTorch's merge-then-split)
//   BM_CachingAllocator/<bytes>/<ledger>  the host "caching" allocator through the Allocator
//                                     door, without (0) or with (1) a ledger
// The cache is warmed with one round trip first, so no iteration obtains a segment, and every
// round trip after it must be an immediate reuse; both are checked from the policy's counters.
// Target: BM_CachingPolicy within 2x of BM_FreeListAllocator.

#include <memory>
#include <mutex>
#include <vector>

#include <benchmark/benchmark.h>

#include "benchmarks/detail/counters.h"
#include "benchmarks/detail/free_list.h"
#include "kernels/caching/caching_allocator.h"
#include "kernels/caching/caching_policy.h"
#include "kernels/caching/host_caching_allocator.h"
#include "kernels/ledger.h"

namespace clampbench::bench {
namespace {

constexpr int kFreeListBlocks = 8;

// Same-size blocks, allocated once; the loop only moves pointers.
class FreeList {
 public:
  explicit FreeList(std::size_t bytes) {
    for (int i = 0; i < kFreeListBlocks; ++i) {
      storage_.push_back(std::make_unique<char[]>(bytes));
      free_.push_back(storage_.back().get());
    }
  }
  void* pop() {
    void* p = free_.back();
    free_.pop_back();
    return p;
  }
  void push(void* p) { free_.push_back(p); }

 private:
  std::vector<std::unique_ptr<char[]>> storage_;
  std::vector<void*> free_;
};

void BM_FreeList(benchmark::State& state) {
  FreeList list(static_cast<std::size_t>(state.range(0)));
  for (auto _ : state) {
    void* p = list.pop();
    benchmark::DoNotOptimize(p);
    list.push(p);
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_alloc"] = ns_per(1);
}

void BM_FreeListLocked(benchmark::State& state) {
  FreeList list(static_cast<std::size_t>(state.range(0)));
  std::mutex mutex;
  for (auto _ : state) {
    void* p = nullptr;
    {
      std::lock_guard lock(mutex);
      p = list.pop();
    }
    benchmark::DoNotOptimize(p);
    {
      std::lock_guard lock(mutex);
      list.push(p);
    }
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_alloc"] = ns_per(1);
}

void BM_FreeListAllocator(benchmark::State& state) {
  FreeListAllocator list(static_cast<std::size_t>(state.range(0)), kFreeListBlocks);
  for (auto _ : state) {
    void* p = list.allocate();
    benchmark::DoNotOptimize(p);
    list.release(p);
    benchmark::ClobberMemory();
  }
  state.counters["ns_per_alloc"] = ns_per(1);
}

void run_policy_round_trips(benchmark::State& state, caching::CachingPolicy::Reuse reuse) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  caching::MallocSegmentSource source;
  caching::CachingPolicy policy(source, reuse);
  policy.free(policy.malloc(bytes, Stream{}).ptr);  // warm: the one segment is now cached
  for (auto _ : state) {
    caching::PolicyAllocation a = policy.malloc(bytes, Stream{});
    benchmark::DoNotOptimize(a.ptr);
    policy.free(a.ptr);
    benchmark::ClobberMemory();
  }
  const caching::CachingStats stats = policy.stats();
  if (stats.num_device_alloc != 1) state.SkipWithError("the cache was not warm");
  const auto expected_reuses = reuse == caching::CachingPolicy::Reuse::Immediate ? state.iterations() : 0;
  if (policy.immediate_reuses() != static_cast<std::int64_t>(expected_reuses))
    state.SkipWithError("not every round trip took the expected path");
  if (stats.allocation.all().allocated != static_cast<std::int64_t>(state.iterations()) + 1)
    state.SkipWithError("the counters missed round trips");
  state.counters["ns_per_alloc"] = ns_per(1);
}

void BM_CachingPolicy(benchmark::State& state) {
  run_policy_round_trips(state, caching::CachingPolicy::Reuse::Immediate);
}

void BM_CachingPolicyReference(benchmark::State& state) {
  run_policy_round_trips(state, caching::CachingPolicy::Reuse::Reference);
}

void BM_CachingAllocator(benchmark::State& state) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  AllocationLedger ledger;
  auto allocator = make_host_caching_allocator(state.range(1) != 0 ? &ledger : nullptr);
  allocator->release(allocator->allocate(bytes, Stream{}));  // warm
  for (auto _ : state) {
    Block b = allocator->allocate(bytes, Stream{});
    benchmark::DoNotOptimize(b.ptr);
    allocator->release(b);
    benchmark::ClobberMemory();
  }
  const auto stats = caching::caching_stats_of(*allocator);
  if (!stats || stats->num_device_alloc != 1) state.SkipWithError("the cache was not warm");
  state.counters["ns_per_alloc"] = ns_per(1);
}

constexpr std::int64_t kKiB = 1024;
constexpr std::int64_t kMiB = 1024 * kKiB;

BENCHMARK(BM_FreeListAllocator)->ArgName("bytes")->Arg(512)->Arg(4 * kKiB)->Arg(kMiB)->Arg(4 * kMiB);
BENCHMARK(BM_FreeList)->ArgName("bytes")->Arg(512)->Arg(4 * kKiB)->Arg(kMiB)->Arg(4 * kMiB);
BENCHMARK(BM_FreeListLocked)->ArgName("bytes")->Arg(512)->Arg(4 * kKiB)->Arg(kMiB)->Arg(4 * kMiB);
BENCHMARK(BM_CachingPolicy)->ArgName("bytes")->Arg(512)->Arg(4 * kKiB)->Arg(kMiB)->Arg(4 * kMiB);
BENCHMARK(BM_CachingPolicyReference)->ArgName("bytes")->Arg(512)->Arg(4 * kKiB)->Arg(kMiB)->Arg(4 * kMiB);
BENCHMARK(BM_CachingAllocator)
    ->ArgNames({"bytes", "ledger"})
    ->ArgsProduct({{512, 4 * kKiB, kMiB, 4 * kMiB}, {0, 1}});

}  // namespace
}  // namespace clampbench::bench

BENCHMARK_MAIN();
