// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// CudaBackend: detail::Backend over the kernels of cuda_*.cu, launched on the caller's stream.
// Plain C++ (compiled by the host compiler) so that errors are formatted with fmt as
// everywhere else; only the launchers are nvcc-compiled.

#include <cstdint>
#include <mutex>

#include <fmt/format.h>

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/detail/backend.h"
#include "kernels/detail/element_ops.h"
#include "kernels/device.h"
#include "kernels/error.h"

namespace clampbench::detail {
namespace {

class CudaBackend final : public Backend {
 public:
  CudaBackend() {
    // The bad-index word is the backend's own state, not tensor memory: it is allocated once,
    // outside every Allocator and so outside the ledger, and lives as long as the process
    // (the singleton is never destroyed; the driver reclaims it at exit).
    CB_CUDA_CHECK(cudaMalloc(reinterpret_cast<void**>(&first_bad_), sizeof(unsigned long long)));
  }

  void elementwise(const ElementwiseArgs& args, Stream stream) override { cuda::launch_elementwise(args, stream); }
  void reduce(const ReduceArgs& args, Stream stream) override { cuda::launch_reduce(args, stream); }
  void arange(const TensorArg& out, std::int64_t start, std::int64_t step, Stream stream) override {
    cuda::launch_arange(out, start, step, stream);
  }

  void gather(const GatherArgs& args, Stream stream) override {
    std::lock_guard<std::mutex> lock(mutex_);  // one bad-index word for every stream
    reset_first_bad(stream);
    cuda::launch_gather(args, first_bad_, stream);
    check_first_bad(args.index, args.dim, args.self.sizes.d[args.dim], stream);
  }

  void scatter(const ScatterArgs& args, Stream stream) override {
    std::lock_guard<std::mutex> lock(mutex_);
    // One kernel, as PyTorch's: the good indices are written, a bad one throws after it.
    reset_first_bad(stream);
    cuda::launch_scatter(args, first_bad_, stream);
    check_first_bad(args.index, args.dim, args.self.sizes.d[args.dim], stream);
  }

  void index(const IndexArgs& args, Stream stream) override {
    std::lock_guard<std::mutex> lock(mutex_);
    reset_first_bad(stream);
    cuda::launch_index(args, first_bad_, stream);
    const unsigned long long word = read_first_bad(stream);
    if (word == cuda::kNoBadIndex) return;
    const int k = static_cast<int>(word % IndexArgs::kMaxIndices);
    throw_bad(args.index[k], word / IndexArgs::kMaxIndices, k, args.self.sizes.d[k]);
  }

  void synchronize(Stream stream) override { CB_CUDA_CHECK(cudaStreamSynchronize(cuda_stream(stream))); }

 private:
  static cudaStream_t cuda_stream(Stream s) { return static_cast<cudaStream_t>(s.handle); }

  void reset_first_bad(Stream stream) {
    // 0xff bytes = cuda::kNoBadIndex.
    CB_CUDA_CHECK(cudaMemsetAsync(first_bad_, 0xff, sizeof(unsigned long long), cuda_stream(stream)));
  }

  // Reads the word back: a sync on `stream`.
  unsigned long long read_first_bad(Stream stream) {
    unsigned long long word = cuda::kNoBadIndex;
    CB_CUDA_CHECK(cudaMemcpyAsync(&word, first_bad_, sizeof word, cudaMemcpyDeviceToHost, cuda_stream(stream)));
    CB_CUDA_CHECK(cudaStreamSynchronize(cuda_stream(stream)));
    return word;
  }

  // If an index was bad, reads it and throws the IndexOutOfRange the host raises.
  void check_first_bad(const TensorArg& index, int dim, std::int64_t size, Stream stream) {
    const unsigned long long pos = read_first_bad(stream);
    if (pos != cuda::kNoBadIndex) throw_bad(index, pos, dim, size);
  }

  // Reads index[pos] and throws the host's IndexOutOfRange, with the same message.
  [[noreturn]] static void throw_bad(const TensorArg& index, unsigned long long pos, int dim, std::int64_t size) {
    const char* at = index.data + byte_offset(index, static_cast<std::int64_t>(pos), index.sizes);
    char raw[8] = {};
    CB_CUDA_CHECK(cudaMemcpy(raw, at, element_size(index.dtype), cudaMemcpyDeviceToHost));
    bad_index(load_as<std::int64_t>(raw, index.dtype), dim, size);
  }

  std::mutex mutex_;
  unsigned long long* first_bad_ = nullptr;
};

}  // namespace

Backend& cuda_backend() {
  CB_CHECK(cuda_device_available(), ErrorKind::Device, "cuda backend: no CUDA device");
  // Never destroyed: a static destructor would cudaFree after the runtime began tearing down.
  static CudaBackend* const backend = new CudaBackend();
  return *backend;
}

}  // namespace clampbench::detail
