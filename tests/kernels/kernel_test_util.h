// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Shared helpers of the kernels tests: literal tensors on the host and allocation counting
// through the runtime's ledger.

#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/error.h"
#include "kernels/ops.h"
#include "kernels/runtime.h"

namespace clampbench::test {

using I32 = std::vector<std::int32_t>;
using I64 = std::vector<std::int64_t>;
using F32 = std::vector<float>;
using B8 = std::vector<std::uint8_t>;  // bool tensors

inline Tensor i32(const I32& v, const Dims& shape) { return from_vector(v, shape, DeviceType::Host); }
inline Tensor i32(const I32& v) { return i32(v, Dims{static_cast<std::int64_t>(v.size())}); }
inline Tensor i64(const I64& v, const Dims& shape) { return from_vector(v, shape, DeviceType::Host); }
inline Tensor i64(const I64& v) { return i64(v, Dims{static_cast<std::int64_t>(v.size())}); }
inline Tensor f32(const F32& v, const Dims& shape) { return from_vector(v, shape, DeviceType::Host); }
inline Tensor f32(const F32& v) { return f32(v, Dims{static_cast<std::int64_t>(v.size())}); }
inline Tensor b8(const B8& v, const Dims& shape) { return from_vector(v, shape, DeviceType::Host); }
inline Tensor b8(const B8& v) { return b8(v, Dims{static_cast<std::int64_t>(v.size())}); }

// Host allocations made while running f (the counters of a ledger scope around it).
template <typename F> LedgerCounters host_counts(F&& f) {
  LedgerScope scope(Runtime::current().ledger(), "test");
  f();
  return scope.close()[static_cast<int>(DeviceType::Host)];
}
template <typename F> std::uint64_t host_allocs(F&& f) { return host_counts(f).allocations; }

// Runs f and returns the kind of the TensorError it threw (fails the test if none).
template <typename F> ErrorKind error_kind_of(F&& f, std::string* message = nullptr) {
  try {
    f();
  } catch (const TensorError& e) {
    if (message != nullptr) *message = e.what();
    return e.kind();
  }
  ADD_FAILURE() << "expected a TensorError";
  return ErrorKind::Device;
}

}  // namespace clampbench::test
