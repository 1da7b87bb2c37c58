// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The quick set on cuda against the quick set on host: every case of every suite whose
// builder runs on the GPU in vLLM (the harness runs the others on host in every run), every
// variant (fused included) and every reader, called as the allocation pass calls them (a
// warm-up call, then a measured call on pristine inputs inside a ledger scope). For each:
// the same inputs, the same outcome (or the same TensorError), bitwise the same outputs,
// inputs after the call and reader observations, the same allocation counts, and so the same
// verdict inputs (matches the reference variant, changed a persistent input).

#include <cstring>
#include <optional>
#include <string>

#include <gtest/gtest.h>

#include "kernels/error.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "suites/suite.h"
#include "tests/cuda_logic/cuda_logic_env.h"

namespace clampbench::cuda_logic {
namespace {

constexpr std::uint64_t kSeed = 1;  // the harness's default --seed

struct Call {
  std::optional<ErrorKind> error;
  std::string message;
  Outputs outputs, observations;
  CaseData after;
  LedgerCounters counts;  // of the case's own device
};

Call call_variant(const Suite& suite, const Variant& v, const CaseData& inputs, const ParamPoint& point) {
  Call c;
  Runtime& rt = Runtime::current();
  try {
    {
      CaseData warm = inputs.clone();
      (void)v.fn(warm, point);
      rt.synchronize();
    }
    c.after = inputs.clone();
    rt.synchronize();
    LedgerScope scope(rt.ledger(), "measured");
    c.outputs = v.fn(c.after, point);
    rt.synchronize();
    c.counts = scope.close()[static_cast<int>(inputs.device)];
    for (const Reader& r : suite.readers)
      for (NamedTensor& t : r.fn(c.after, c.outputs, point))
        c.observations.push_back({r.name + "/" + t.name, t.tensor});
  } catch (const TensorError& e) {
    c.error = e.kind();
    c.message = e.what();
  }
  return c;
}

bool same_bytes(const Tensor& a, const Tensor& b) {
  if (a.defined() != b.defined()) return false;
  if (!a.defined()) return true;
  if (a.dtype() != b.dtype() || !(a.shape() == b.shape())) return false;
  const Tensor x = contiguous(to(a, DeviceType::Host)), y = contiguous(to(b, DeviceType::Host));
  return x.nbytes() == 0 || std::memcmp(x.data_ptr(), y.data_ptr(), x.nbytes()) == 0;
}

void expect_same_tensors(const Outputs& host, const Outputs& cuda, const char* what) {
  ASSERT_EQ(host.size(), cuda.size()) << what;
  for (std::size_t i = 0; i < host.size(); ++i) {
    EXPECT_EQ(host[i].name, cuda[i].name) << what;
    expect_bitwise(host[i].tensor, cuda[i].tensor, std::string(what) + " " + host[i].name);
  }
}

// The buffers on the case's device; a CPU tensor of vLLM's (add_host) stays on the host on
// every backend and is compared by its bytes instead.
Outputs buffers_of(const CaseData& data) {
  Outputs out;
  for (const Buffer& b : data.buffers)
    if (!b.host_tensor) out.push_back({b.name, b.tensor});
  return out;
}

void expect_same_host_tensors(const CaseData& host, const CaseData& cuda, const char* what) {
  ASSERT_EQ(host.buffers.size(), cuda.buffers.size()) << what;
  for (std::size_t i = 0; i < host.buffers.size(); ++i) {
    if (!cuda.buffers[i].host_tensor) continue;
    EXPECT_EQ(cuda.buffers[i].tensor.device(), DeviceType::Host) << what << " " << cuda.buffers[i].name;
    EXPECT_TRUE(same_bytes(host.buffers[i].tensor, cuda.buffers[i].tensor)) << what << " " << cuda.buffers[i].name;
  }
}

// The verdict's inputs: whether the outputs equal the reference variant's, and whether a
// persistent (read-only) input changed.
std::pair<bool, bool> verdict_inputs(const Call& c, const Outputs& reference, const CaseData& pristine) {
  bool matches = c.outputs.size() == reference.size();
  for (std::size_t i = 0; matches && i < c.outputs.size(); ++i)
    matches = same_bytes(c.outputs[i].tensor, reference[i].tensor);
  bool mutated = false;
  for (std::size_t i = 0; i < pristine.buffers.size() && !c.after.buffers.empty(); ++i)
    if (pristine.buffers[i].role == Role::Persistent)
      mutated |= !same_bytes(pristine.buffers[i].tensor, c.after.buffers[i].tensor);
  return {matches, mutated};
}

// Host copies: a call's tensors may come from an allocator that dies before the next call.
Outputs host_copies(const Outputs& outputs) {
  Outputs copies;
  for (const NamedTensor& t : outputs)
    copies.push_back({t.name, t.tensor.defined() ? clone(to(t.tensor, DeviceType::Host)) : t.tensor});
  return copies;
}

void expect_same_call(const Call& on_host, const Call& on_cuda, const Outputs& host_reference,
                      const Outputs& cuda_reference, const CaseData& host_inputs, const CaseData& cuda_inputs) {
  ASSERT_EQ(on_host.error.has_value(), on_cuda.error.has_value()) << on_host.message << " | " << on_cuda.message;
  EXPECT_EQ(on_host.message, on_cuda.message);
  if (on_host.error) return;
  expect_same_tensors(on_host.outputs, on_cuda.outputs, "output");
  expect_same_tensors(buffers_of(on_host.after), buffers_of(on_cuda.after), "input after the call");
  expect_same_host_tensors(on_host.after, on_cuda.after, "host input after the call");
  expect_same_tensors(on_host.observations, on_cuda.observations, "reader");
  EXPECT_EQ(on_host.counts.allocations, on_cuda.counts.allocations);
  EXPECT_EQ(on_host.counts.frees, on_cuda.counts.frees);
  EXPECT_EQ(on_host.counts.bytes_requested, on_cuda.counts.bytes_requested);
  EXPECT_EQ(on_host.counts.peak_bytes, on_cuda.counts.peak_bytes);
  EXPECT_EQ(verdict_inputs(on_host, host_reference, host_inputs), verdict_inputs(on_cuda, cuda_reference, cuda_inputs));
}

TEST(CudaLogicQuickSet, EveryGpuSuiteVariantAndReaderMatchesHost) {
  CB_REQUIRE_CUDA();
  int cases = 0, calls = 0;
  for (const Suite& suite : all_suites()) {
    if (suite.device != SuiteDevice::Gpu) continue;
    for (const ParamPoint& point : suite.points(SizeSet::Quick)) {
      SCOPED_TRACE(suite.name + " " + point.label());
      const CaseData host_inputs = suite.make_inputs(point, kSeed, DeviceType::Host);
      const CaseData cuda_inputs = suite.make_inputs(point, kSeed, DeviceType::Cuda);
      expect_same_tensors(buffers_of(host_inputs), buffers_of(cuda_inputs), "input");
      expect_same_host_tensors(host_inputs, cuda_inputs, "host input");
      ++cases;
      std::optional<Outputs> host_reference, cuda_reference;  // the reference variant's outputs
      for (const Variant& v : suite.variants) {
        SCOPED_TRACE("variant " + v.name);
        const Call on_host = call_variant(suite, v, host_inputs, point);
        ++calls;
        for_each_shape([&] {  // the last run is the launch's own grid: it is the reference's
          const Call on_cuda = call_variant(suite, v, cuda_inputs, point);
          if (!host_reference && !on_host.error) host_reference = host_copies(on_host.outputs);
          if (!cuda_reference && !on_cuda.error) cuda_reference = host_copies(on_cuda.outputs);
          if (host_reference && cuda_reference)
            expect_same_call(on_host, on_cuda, *host_reference, *cuda_reference, host_inputs, cuda_inputs);
          else
            EXPECT_EQ(on_host.message, on_cuda.message);
        });
      }
    }
  }
  EXPECT_GT(cases, 0);
  RecordProperty("cases", cases);
  RecordProperty("variant_calls", calls);
}

}  // namespace
}  // namespace clampbench::cuda_logic
