// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared by the n-gram and sparse-MLA suite tests. The same test sources build twice: for
// host (test_suites) and, with CLAMPBENCH_TEST_ON_CUDA, for cuda
// (test_suites_gpu), where every test suite name gets the suffix Gpu and every
// test skips without a device.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/device.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"
#include "suites/suite.h"

#define CB_CONCAT_INNER(a, b) a##b
#define CB_CONCAT(a, b) CB_CONCAT_INNER(a, b)

#ifdef CLAMPBENCH_TEST_ON_CUDA
#define CB_DEVICE_SUITE(name) CB_CONCAT(name, Gpu)
#define CB_REQUIRE_TEST_DEVICE() \
  if (!::clampbench::cuda_device_available()) GTEST_SKIP() << "no CUDA device"
#else
#define CB_DEVICE_SUITE(name) name
#define CB_REQUIRE_TEST_DEVICE() (void)0
#endif

namespace clampbench::testing {

#ifdef CLAMPBENCH_TEST_ON_CUDA
inline constexpr DeviceType kTestDevice = DeviceType::Cuda;
#else
inline constexpr DeviceType kTestDevice = DeviceType::Host;
#endif

// What one builder call allocated on the test device (the ledger scope covers the call only).
struct CallAllocations {
  std::uint64_t count = 0;
  std::uint64_t bytes = 0;
};

// Elements as int32 (int64 values narrowed: the tests' values are small; bool becomes 0/1).
inline std::vector<std::int32_t> ints(const Tensor& t) {
  if (t.dtype() == DType::Bool) return to_vector<std::int32_t>(to(t, DType::Int32));
  if (t.dtype() == DType::Int64) {
    std::vector<std::int32_t> narrowed;
    for (std::int64_t v : to_vector<std::int64_t>(t)) narrowed.push_back(static_cast<std::int32_t>(v));
    return narrowed;
  }
  return to_vector<std::int32_t>(t);
}

inline const Tensor& output(const Outputs& outs, const std::string& name) {
  for (const NamedTensor& o : outs)
    if (o.name == name) return o.tensor;
  throw std::out_of_range("no output " + name);
}

inline const Suite& suite_named(const std::string& name) {
  const Suite* s = find_suite(name);
  if (s == nullptr) throw std::out_of_range("no suite " + name);
  return *s;
}

// Runs `variant` of `suite` on `data` inside a ledger scope.
inline Outputs run_counted(const Suite& suite, const std::string& variant, CaseData& data, const ParamPoint& p,
                           CallAllocations* counted = nullptr) {
  const Variant* v = suite.find_variant(variant);
  if (v == nullptr) throw std::out_of_range("no variant " + variant);
  Outputs outs;
  {
    LedgerScope scope(Runtime::current().ledger(), suite.name + "/" + variant);
    outs = v->fn(data, p);
    Runtime::current().synchronize();
    const PerDevice c = scope.close();
    if (counted != nullptr) {
      counted->count = c[static_cast<int>(kTestDevice)].allocations;
      counted->bytes = c[static_cast<int>(kTestDevice)].bytes_requested;
    }
  }
  return outs;
}

inline ParamPoint point(std::initializer_list<std::pair<const char*, std::int64_t>> values) {
  ParamPoint p;
  for (const auto& [name, value] : values) p.set(name, value);
  return p;
}

// Every element of every buffer of `a` equals that of `b` (same names, same order).
inline bool same_contents(const CaseData& a, const CaseData& b) {
  if (a.buffers.size() != b.buffers.size()) return false;
  for (std::size_t i = 0; i < a.buffers.size(); ++i) {
    const Tensor& x = a.buffers[i].tensor;
    const Tensor& y = b.buffers[i].tensor;
    if (a.buffers[i].name != b.buffers[i].name || !(x.shape() == y.shape()) || x.dtype() != y.dtype())
      return false;
    if (ints(to(x, DType::Int64)) != ints(to(y, DType::Int64))) return false;
  }
  return true;
}

}  // namespace clampbench::testing
