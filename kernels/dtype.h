// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Element types of the eager runtime and PyTorch's promotion rules between them.

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

namespace clampbench {

enum class DType : std::uint8_t { Bool, Int32, Int64, Float32 };

constexpr std::size_t element_size(DType t) {
  switch (t) {
    case DType::Bool: return 1;
    case DType::Int32: return 4;
    case DType::Int64: return 8;
    case DType::Float32: return 4;
  }
  return 0;
}

constexpr std::string_view dtype_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float32: return "float32";
  }
  return "?";
}

constexpr bool is_integral(DType t) { return t == DType::Int32 || t == DType::Int64; }

// Result dtype of a binary op between two tensors (torch.result_type for the types we model):
// the "wider" category wins, bool < int32 < int64 < float32.
constexpr DType promote(DType a, DType b) { return a > b ? a : b; }

// Result dtype of tensor (op) Python scalar: a scalar never widens a tensor within its
// category; an integer scalar on a bool tensor gives int64, as in PyTorch.
constexpr DType promote_with_int_scalar(DType t) { return t == DType::Bool ? DType::Int64 : t; }

// numpy's dtype descriptor, for .npy dumps.
constexpr std::string_view numpy_descr(DType t) {
  switch (t) {
    case DType::Bool: return "|b1";
    case DType::Int32: return "<i4";
    case DType::Int64: return "<i8";
    case DType::Float32: return "<f4";
  }
  return "?";
}

// The DType a C++ element type stands for (const ignored); std::uint8_t stands for bool, as
// bool tensors hold one byte, 0 or 1, per element.
template <typename T> constexpr DType dtype_of() {
  using U = std::remove_const_t<T>;
  if constexpr (std::is_same_v<U, bool> || std::is_same_v<U, std::uint8_t>) return DType::Bool;
  else if constexpr (std::is_same_v<U, std::int32_t>) return DType::Int32;
  else if constexpr (std::is_same_v<U, std::int64_t>) return DType::Int64;
  else {
    static_assert(std::is_same_v<U, float>, "dtype_of: bool, uint8 (bool), int32, int64 or float");
    return DType::Float32;
  }
}

// Calls f(T{}) with T the C++ type of `t` (bool for Bool), on the host and in .cu files alike.
template <typename F> void dispatch_dtype(DType t, F&& f) {
  switch (t) {
    case DType::Bool: f(bool{}); return;
    case DType::Int32: f(std::int32_t{}); return;
    case DType::Int64: f(std::int64_t{}); return;
    case DType::Float32: f(float{}); return;
  }
}

}  // namespace clampbench
