// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "tests/cuda_logic/cuda_logic_env.h"

#include <cstring>
#include <optional>

#include "kernels/allocators.h"
#include "kernels/error.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"

#if CLAMPBENCH_CUDA_EMULATED
#include "kernels/cuda/emulator/grid_emulator.h"
#endif

namespace clampbench::cuda_logic {
namespace {

struct Outcome {
  Tensor result;
  std::optional<ErrorKind> error;
  std::string message;
};

template <typename F> Outcome capture(F&& f) {
  Outcome o;
  try {
    o.result = f();
  } catch (const TensorError& e) {
    o.error = e.kind();
    o.message = e.what();
  }
  return o;
}

// The host's message as it reads for the same tensors on cuda: tensors name their device
// ("int32[4] host").
std::string on_cuda_terms(std::string message) {
  for (std::size_t at = message.find("] host"); at != std::string::npos; at = message.find("] host", at))
    message.replace(at, 6, "] cuda");
  return message;
}

void expect_same_outcome(const Outcome& host, const Outcome& cuda) {
  ASSERT_EQ(host.error.has_value(), cuda.error.has_value())
      << "host: " << (host.error ? host.message : "ok") << "; cuda: " << (cuda.error ? cuda.message : "ok");
  if (host.error) {
    EXPECT_EQ(*host.error, *cuda.error);
    EXPECT_EQ(on_cuda_terms(host.message), cuda.message);
    return;
  }
  expect_bitwise(host.result, cuda.result);
}

}  // namespace

bool emulated() {
#if CLAMPBENCH_CUDA_EMULATED
  return true;
#else
  return false;
#endif
}

void for_each_shape(const std::function<void()>& f) {
#if CLAMPBENCH_CUDA_EMULATED
  // Each shape allocates from a raw allocator of its own, whose blocks come from cudaMalloc
  // filled with garbage: a cached block holding the previous shape's results would hide a
  // kernel that skips elements. The last run is the launch's own grid on the allocator the
  // test installed (the caching one by default), as the harness runs.
  using emulator::GridShape;
  const GridShape shapes[] = {{1, 1}, {1, 7}, {3, 32}, {0, 0}};
  for (const GridShape& shape : shapes) {
    SCOPED_TRACE(shape.blocks == 0 ? std::string("the launch's own grid")
                                   : std::to_string(shape.blocks) + "x" + std::to_string(shape.threads) + " grid");
    auto fresh = make_cuda_allocator("raw", &Runtime::current().ledger());
    AllocatorGuard guard(DeviceType::Cuda, fresh.get());
    emulator::set_grid_shape(shape);
    f();
    emulator::set_grid_shape({});
  }
  SCOPED_TRACE("the launch's own grid, on the installed allocator");
  f();
#else
  f();
#endif
}

Tensor on_cuda(const Tensor& host) {
#if CLAMPBENCH_CUDA_EMULATED
  // Each operand in a cudaMalloc block of its own, not a slice of a caching segment, so that
  // under ASan a kernel reading past an operand reads past a malloc'd block. Never destroyed:
  // operands may outlive any test's scope.
  static Allocator* const own_blocks = make_cuda_allocator("raw", &Runtime::current().ledger()).release();
  AllocatorGuard guard(DeviceType::Cuda, own_blocks);
#endif
  // A non-contiguous host view stays one on cuda: copy the whole storage, then view it alike.
  if (host.is_contiguous() && host.storage_offset() == 0) return to(host, DeviceType::Cuda);
  const std::size_t bytes = host.storage()->nbytes();
  Tensor flat(host.storage(), host.dtype(), Dims{static_cast<std::int64_t>(bytes / element_size(host.dtype()))},
              Dims{1}, 0);
  const Tensor device_flat = to(flat, DeviceType::Cuda);
  return Tensor(device_flat.storage(), host.dtype(), host.shape(), host.strides(), host.storage_offset());
}

void expect_bitwise(const Tensor& host, const Tensor& cuda, const std::string& what) {
  ASSERT_EQ(host.defined(), cuda.defined()) << what;
  if (!host.defined()) return;
  ASSERT_EQ(host.device(), DeviceType::Host) << what;
  // Host-side values (vLLM's Python ints and CPU tensors) stay on the host under either backend.
  ASSERT_EQ(cuda.device(), cuda.host_side() ? DeviceType::Host : DeviceType::Cuda) << what;
  ASSERT_EQ(host.host_side(), cuda.host_side()) << what;
  ASSERT_EQ(host.dtype(), cuda.dtype()) << what;
  ASSERT_EQ(host.shape(), cuda.shape()) << what << ": " << host.shape().str() << " vs " << cuda.shape().str();
  const Tensor h = contiguous(host);
  const Tensor c = contiguous(to(cuda, DeviceType::Host));
  ASSERT_EQ(h.nbytes(), c.nbytes());
  if (h.nbytes() == 0) return;
  EXPECT_EQ(std::memcmp(h.data_ptr(), c.data_ptr(), h.nbytes()), 0)
      << what << ": cuda differs from host for " << host.str();
}

void same_on_both(const Inputs& host_inputs, const Op& f) {
  Inputs cuda_inputs;
  for (const Tensor& t : host_inputs) cuda_inputs.push_back(t.defined() ? on_cuda(t) : t);
  const Outcome host = capture([&] { return f(host_inputs); });
  for_each_shape([&] { expect_same_outcome(host, capture([&] { return f(cuda_inputs); })); });
}

void same_in_place(const Inputs& host_inputs, const std::function<void(Inputs&)>& f) {
  Inputs host;
  for (const Tensor& t : host_inputs) host.push_back(t.defined() ? clone(t) : t);
  const Outcome on_host = capture([&] {
    f(host);
    return host[0];
  });
  for_each_shape([&] {
    Inputs cuda;
    for (const Tensor& t : host_inputs) cuda.push_back(t.defined() ? on_cuda(t) : t);
    const Outcome on_device = capture([&] {
      f(cuda);
      return cuda[0];
    });
    expect_same_outcome(on_host, on_device);
    expect_bitwise(host[0], cuda[0], "self after the in-place op");
  });
}

}  // namespace clampbench::cuda_logic
