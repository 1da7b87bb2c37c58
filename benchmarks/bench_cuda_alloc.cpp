// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// What the ledger-wrapped CUDA allocators cost per allocate+free pair against the bare CUDA
// calls behind them. One iteration = one pair; every CUDA return code is checked.
//   BM_CudaMalloc/<bytes>                 cudaMalloc + cudaFree
//   BM_CudaMallocAsync/<bytes>            cudaMallocAsync + cudaFreeAsync on one stream (warm pool)
//   BM_CudaMallocHost/<bytes>             cudaMallocHost + cudaFreeHost
//   BM_CudaAllocator/<kind>/<bytes>/<ledger>  make_cuda_allocator("raw"|"async"|"caching")
//   BM_PinnedAllocator/<bytes>/<ledger>   make_pinned_host_allocator
// Without a device every benchmark is skipped with "no CUDA device".

#include <cuda_runtime_api.h>

#include <exception>
#include <memory>

#include <benchmark/benchmark.h>

#include "benchmarks/detail/counters.h"
#include "kernels/allocators.h"
#include "kernels/cuda/cuda_check.h"
#include "kernels/device.h"
#include "kernels/ledger.h"

namespace clampbench::bench {
namespace {

class DeviceStream {
 public:
  DeviceStream() { CB_CUDA_CHECK(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking)); }
  ~DeviceStream() { (void)cudaStreamDestroy(stream_); }  // destructor: nothing to report to
  DeviceStream(const DeviceStream&) = delete;
  DeviceStream& operator=(const DeviceStream&) = delete;
  cudaStream_t get() const { return stream_; }

 private:
  cudaStream_t stream_ = nullptr;
};

// Runs `body` unless there is no device; a TensorError from CB_CUDA_CHECK skips the benchmark
// with its message instead of aborting the whole program.
template <typename Body>
void on_device(benchmark::State& state, Body body) {
  if (!cuda_device_available()) {
    state.SkipWithError("no CUDA device");
    return;
  }
  try {
    body();
    state.counters["ns_per_alloc"] = ns_per(1);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
}

void BM_CudaMalloc(benchmark::State& state) {
  on_device(state, [&] {
    const auto bytes = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
      void* p = nullptr;
      CB_CUDA_CHECK(cudaMalloc(&p, bytes));
      benchmark::DoNotOptimize(p);
      CB_CUDA_CHECK(cudaFree(p));
    }
  });
}

void BM_CudaMallocAsync(benchmark::State& state) {
  on_device(state, [&] {
    const auto bytes = static_cast<std::size_t>(state.range(0));
    DeviceStream stream;
    void* warm = nullptr;
    CB_CUDA_CHECK(cudaMallocAsync(&warm, bytes, stream.get()));
    CB_CUDA_CHECK(cudaFreeAsync(warm, stream.get()));
    for (auto _ : state) {
      void* p = nullptr;
      CB_CUDA_CHECK(cudaMallocAsync(&p, bytes, stream.get()));
      benchmark::DoNotOptimize(p);
      CB_CUDA_CHECK(cudaFreeAsync(p, stream.get()));
    }
    CB_CUDA_CHECK(cudaStreamSynchronize(stream.get()));
  });
}

void BM_CudaMallocHost(benchmark::State& state) {
  on_device(state, [&] {
    const auto bytes = static_cast<std::size_t>(state.range(0));
    for (auto _ : state) {
      void* p = nullptr;
      CB_CUDA_CHECK(cudaMallocHost(&p, bytes));
      benchmark::DoNotOptimize(p);
      CB_CUDA_CHECK(cudaFreeHost(p));
    }
  });
}

// Pairs through the Allocator door; with a ledger, checks it saw every event.
void run_allocator_pairs(benchmark::State& state, Allocator& allocator, AllocationLedger* ledger, Stream stream) {
  const auto bytes = static_cast<std::size_t>(state.range(0));
  allocator.release(allocator.allocate(bytes, stream));  // warm (caching: one segment)
  for (auto _ : state) {
    Block b = allocator.allocate(bytes, stream);
    benchmark::DoNotOptimize(b.ptr);
    allocator.release(b);
  }
  CB_CUDA_CHECK(cudaStreamSynchronize(static_cast<cudaStream_t>(stream.handle)));
  if (ledger != nullptr) {
    const LedgerCounters c = ledger->totals(allocator.device());
    const auto n = static_cast<std::uint64_t>(state.iterations()) + 1;
    if (c.allocations != n || c.frees != n) state.SkipWithError("ledger missed events");
  }
}

void BM_CudaAllocator(benchmark::State& state, const char* kind) {
  on_device(state, [&] {
    AllocationLedger ledger;
    AllocationLedger* maybe_ledger = state.range(1) != 0 ? &ledger : nullptr;
    DeviceStream stream;  // declared first: outlives the allocator that caches blocks on it
    auto allocator = make_cuda_allocator(kind, maybe_ledger);
    run_allocator_pairs(state, *allocator, maybe_ledger, Stream{stream.get()});
  });
}

void BM_PinnedAllocator(benchmark::State& state) {
  on_device(state, [&] {
    AllocationLedger ledger;
    AllocationLedger* maybe_ledger = state.range(1) != 0 ? &ledger : nullptr;
    auto allocator = make_pinned_host_allocator(maybe_ledger);
    run_allocator_pairs(state, *allocator, maybe_ledger, Stream{});
  });
}

constexpr std::int64_t kKiB = 1024;
constexpr std::int64_t kMiB = 1024 * kKiB;

BENCHMARK(BM_CudaMalloc)->ArgName("bytes")->Arg(4 * kKiB)->Arg(4 * kMiB);
BENCHMARK(BM_CudaMallocAsync)->ArgName("bytes")->Arg(4 * kKiB)->Arg(4 * kMiB);
BENCHMARK(BM_CudaMallocHost)->ArgName("bytes")->Arg(4 * kKiB);
BENCHMARK_CAPTURE(BM_CudaAllocator, raw, "raw")
    ->ArgNames({"bytes", "ledger"})->ArgsProduct({{4 * kKiB, 4 * kMiB}, {0, 1}});
BENCHMARK_CAPTURE(BM_CudaAllocator, async, "async")
    ->ArgNames({"bytes", "ledger"})->ArgsProduct({{4 * kKiB, 4 * kMiB}, {0, 1}});
BENCHMARK_CAPTURE(BM_CudaAllocator, caching, "caching")
    ->ArgNames({"bytes", "ledger"})->ArgsProduct({{4 * kKiB, 4 * kMiB}, {0, 1}});
BENCHMARK(BM_PinnedAllocator)->ArgNames({"bytes", "ledger"})->ArgsProduct({{4 * kKiB}, {0, 1}});

}  // namespace
}  // namespace clampbench::bench

BENCHMARK_MAIN();
