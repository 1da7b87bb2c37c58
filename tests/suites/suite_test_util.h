// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the suite tests of test_suites / test_suites_gpu. The same sources build twice:
// for host, and with CLAMPBENCH_TEST_ON_CUDA for cuda, where each test suite name gets the
// suffix Gpu and each test skips without a device.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "kernels/device.h"
#include "kernels/host_cost.h"
#include "kernels/host_planning.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "suites/suite.h"

#define CBT_CONCAT_INNER(a, b) a##b
#define CBT_CONCAT(a, b) CBT_CONCAT_INNER(a, b)
#ifdef CLAMPBENCH_TEST_ON_CUDA
#define CBT_SUITE(name) CBT_CONCAT(name, Gpu)
#define CBT_REQUIRE_DEVICE() \
  if (!::clampbench::cuda_device_available()) GTEST_SKIP() << "no CUDA device"
#else
#define CBT_SUITE(name) name
#define CBT_REQUIRE_DEVICE() (void)0
#endif

namespace clampbench::suite_tests {

#ifdef CLAMPBENCH_TEST_ON_CUDA
inline constexpr DeviceType kDevice = DeviceType::Cuda;
#else
inline constexpr DeviceType kDevice = DeviceType::Host;
#endif

using Values = std::vector<std::int64_t>;

// Elements of an integral or bool tensor, row-major, widened to int64.
inline Values values(const Tensor& t) {
  const Tensor flat = contiguous(to(t, DeviceType::Host));
  if (flat.dtype() == DType::Int64) return to_vector<std::int64_t>(flat);
  return to_vector<std::int64_t>(to(flat, DType::Int64));
}

// Elements as int32, narrowed from `values` (the hand-worked tests' values are small; bool
// becomes 0/1): lets their expected rows be written as int32 literals.
inline std::vector<std::int32_t> ints(const Tensor& t) {
  std::vector<std::int32_t> narrowed;
  for (std::int64_t v : values(t)) narrowed.push_back(static_cast<std::int32_t>(v));
  return narrowed;
}

// (value, repeat) runs, expanded: expected rows too long to write element by element.
inline Values runs(std::initializer_list<std::pair<std::int64_t, std::int64_t>> rs) {
  Values out;
  for (const auto& [v, n] : rs) out.insert(out.end(), static_cast<std::size_t>(n), v);
  return out;
}

inline Values concat(std::initializer_list<Values> parts) {
  Values out;
  for (const auto& p : parts) out.insert(out.end(), p.begin(), p.end());
  return out;
}

inline Tensor i32(const std::vector<std::int32_t>& v, const Dims& shape, DeviceType d = kDevice) {
  return from_vector<std::int32_t>(v, shape, d);
}
inline Tensor i64(const std::vector<std::int64_t>& v, const Dims& shape, DeviceType d = kDevice) {
  return from_vector<std::int64_t>(v, shape, d);
}

inline ParamPoint point(std::initializer_list<std::pair<const char*, std::int64_t>> vs) {
  ParamPoint p;
  for (const auto& [n, v] : vs) p.set(n, v);
  return p;
}

inline const Suite& suite(const std::string& name) {
  const Suite* s = find_suite(name);
  if (s == nullptr) throw std::out_of_range("no suite " + name);
  return *s;
}

inline const Tensor& output(const Outputs& outs, const std::string& name) {
  for (const auto& o : outs)
    if (o.name == name) return o.tensor;
  throw std::out_of_range("no output " + name);
}

// One variant call, with what it allocated on `device` and what it cost the host, `device`
// resident for a GPU suite (the scopes cover the call only).
struct Call {
  Outputs outputs;
  std::uint64_t allocations = 0;
  std::uint64_t bytes = 0;
  HostCost cost;
};

inline Call call(const Suite& s, const std::string& variant, CaseData& data, const ParamPoint& p,
                 DeviceType device = kDevice) {
  const Variant* v = s.find_variant(variant);
  if (v == nullptr) throw std::out_of_range("no variant " + variant);
  Call c;
  LedgerScope scope(Runtime::current().ledger(), s.name + "/" + variant);
  HostCostScope cost(s.device == SuiteDevice::Gpu ? std::optional<DeviceType>(device) : std::nullopt);
  c.outputs = v->fn(data, p);
  c.cost = cost.close();
  Runtime::current().synchronize();
  const PerDevice counters = scope.close();
  c.allocations = counters[static_cast<int>(device)].allocations;
  c.bytes = counters[static_cast<int>(device)].bytes_requested;
  return c;
}

// Name and elements of each buffer of a role (for "unchanged" checks).
inline std::vector<std::pair<std::string, Values>> snapshot(const CaseData& d, Role role) {
  std::vector<std::pair<std::string, Values>> out;
  for (const auto& b : d.buffers)
    if (b.role == role) out.emplace_back(b.name, values(b.tensor));
  return out;
}

inline std::vector<std::pair<std::string, Values>> snapshot_all(const CaseData& d) {
  std::vector<std::pair<std::string, Values>> out;
  for (const auto& b : d.buffers) out.emplace_back(b.name, values(b.tensor));
  return out;
}

// Every buffer of `a` equals that of `b`: same names, order, shapes, dtypes and elements.
inline bool same_contents(const CaseData& a, const CaseData& b) {
  if (a.buffers.size() != b.buffers.size()) return false;
  for (std::size_t i = 0; i < a.buffers.size(); ++i) {
    const Tensor& x = a.buffers[i].tensor;
    const Tensor& y = b.buffers[i].tensor;
    if (a.buffers[i].name != b.buffers[i].name || !(x.shape() == y.shape()) || x.dtype() != y.dtype())
      return false;
    if (values(x) != values(y)) return false;
  }
  return true;
}

inline std::vector<std::string> output_names(const Outputs& outputs) {
  std::vector<std::string> names;
  for (const NamedTensor& o : outputs) names.push_back(o.name);
  return names;
}

inline void expect_same_outputs(const Outputs& a, const Outputs& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].name, b[i].name);
    EXPECT_EQ(a[i].tensor.dtype(), b[i].tensor.dtype()) << a[i].name;
    EXPECT_EQ(a[i].tensor.shape(), b[i].tensor.shape()) << a[i].name;
    EXPECT_EQ(values(a[i].tensor), values(b[i].tensor)) << a[i].name;
  }
}

// Device of a suite's cases in these tests: Host sites always run on host.
inline DeviceType case_device(const Suite& s) { return s.device == SuiteDevice::Host ? DeviceType::Host : kDevice; }

// The generic checks every suite passes on its quick set: points exist and are small, inputs
// are on the case device, outputs match the declared names, clamp and clamp_ agree bitwise,
// clamp_ allocates exactly `saved(point)` fewer tensors (fewer than none where the release's
// build allocates more, as MLA's 0.27.0 does), and persistent inputs are unchanged.
template <typename SavedFn>
void check_quick_set(const Suite& s, SavedFn saved) {
  const auto pts = s.points(SizeSet::Quick);
  ASSERT_FALSE(pts.empty());
  EXPECT_LE(pts.size(), 8u) << s.name;
  for (const auto& p : pts) {
    SCOPED_TRACE(s.name + " " + p.label());
    CaseData data = s.make_inputs(p, 7, kDevice);
    std::size_t input_bytes = 0;
    for (const auto& b : data.buffers) {
      EXPECT_EQ(b.tensor.device(), case_device(s)) << b.name;
      input_bytes += b.tensor.storage()->nbytes();
    }
    EXPECT_LT(input_bytes, std::size_t{1} << 20);
    const auto persistent = snapshot(data, Role::Persistent);
    CaseData second = data.clone();
    const Call ref = call(s, "clamp", data, p, case_device(s));
    const Call in_place = call(s, "clamp_", second, p, case_device(s));
    // Every declared output, or none at all (a builder whose vLLM function returns None).
    if (!ref.outputs.empty()) {
      EXPECT_TRUE(s.declares_outputs(output_names(ref.outputs)));
    }
    expect_same_outputs(ref.outputs, in_place.outputs);
    EXPECT_EQ(static_cast<std::int64_t>(ref.allocations) - static_cast<std::int64_t>(in_place.allocations),
              static_cast<std::int64_t>(saved(p)));
    EXPECT_EQ(snapshot(data, Role::Persistent), persistent);
    EXPECT_EQ(snapshot(second, Role::Persistent), persistent);
  }
}

// Same seed, same bytes; another seed, other bytes.
inline void check_generator_determinism(const Suite& s, const ParamPoint& p) {
  const auto a = snapshot_all(s.make_inputs(p, 42, kDevice));
  const auto b = snapshot_all(s.make_inputs(p, 42, kDevice));
  const auto c = snapshot_all(s.make_inputs(p, 43, kDevice));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, c);
}

}  // namespace clampbench::suite_tests
