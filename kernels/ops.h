// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Eager ops with PyTorch semantics. Counting rule: every function returning a new Tensor
// allocates exactly one result through Runtime::current().allocator(device) -- except to()
// when the dtype already matches (returns the input) -- and every function ending in '_'
// allocates nothing. Operands must be on one device; broadcasting and int32/int64 promotion
// follow PyTorch. Results are bitwise identical on host and cuda.

#include <cstdint>
#include <optional>
#include <source_location>
#include <vector>

#include "kernels/tensor.h"

namespace clampbench {

// A Python number operand: integral or floating.
struct Scalar {
  bool is_float = false;
  std::int64_t i = 0;
  double f = 0.0;
  Scalar(int v) : i(v) {}                       // NOLINT(google-explicit-constructor)
  Scalar(long v) : i(v) {}                      // NOLINT
  Scalar(long long v) : i(v) {}                 // NOLINT
  Scalar(double v) : is_float(true), f(v) {}    // NOLINT
};

// Factories.
Tensor empty(const Dims& shape, DType dtype, DeviceType device);
Tensor full(const Dims& shape, Scalar value, DType dtype, DeviceType device);
Tensor arange(std::int64_t end, DType dtype, DeviceType device);  // torch.arange(end) (int64 default)
Tensor arange(std::int64_t start, std::int64_t end, std::int64_t step, DType dtype, DeviceType device);
// Host data in, tensor out (one allocation on `device`); and back (contiguous host copy).
template <typename T> Tensor from_vector(const std::vector<T>& values, const Dims& shape, DeviceType device);
template <typename T> std::vector<T> to_vector(const Tensor& t);

// Arithmetic (integer // rounds toward minus infinity, % takes the divisor's sign; a zero
// integer divisor gives 0 rather than trapping -- a scalar zero divisor throws).
Tensor add(const Tensor& a, const Tensor& b);
Tensor add(const Tensor& a, Scalar b);
Tensor sub(const Tensor& a, const Tensor& b);
Tensor sub(const Tensor& a, Scalar b);
Tensor& sub_out(Tensor& out, const Tensor& a, const Tensor& b);  // torch.sub(out=), as torch.diff(out=) runs
Tensor rsub(const Tensor& a, Scalar b);  // b - a
Tensor mul(const Tensor& a, const Tensor& b);
Tensor mul(const Tensor& a, Scalar b);
Tensor& mul_(Tensor& a, Scalar b);  // in place (torch's multiply_): a keeps its dtype
Tensor floor_divide(const Tensor& a, const Tensor& b);
Tensor floor_divide(const Tensor& a, Scalar b);
// torch.div(a, b, rounding_mode=...): only "floor" (floor_divide's values, named "div" as ATen
// names it, so a port of vLLM's spelling dispatches vLLM's op).
enum class RoundingMode : std::uint8_t { Floor };
Tensor div(const Tensor& a, Scalar b, RoundingMode mode);
Tensor remainder(const Tensor& a, const Tensor& b);
Tensor remainder(const Tensor& a, Scalar b);
Tensor neg(const Tensor& a);
Tensor minimum(const Tensor& a, const Tensor& b);
Tensor maximum(const Tensor& a, const Tensor& b);

// clamp/clamp_ with min, max or both (at least one). clamp's allocation carries its call site
// ("mamba_prefix_caching.cpp:28") as the allocation trace's tag unless an AllocationTag is open:
// the saving clamp_ makes is then named by the line it comes from.
Tensor clamp(const Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max = std::nullopt,
             std::source_location where = std::source_location::current());
Tensor& clamp_(Tensor& a, std::optional<Scalar> min, std::optional<Scalar> max = std::nullopt);

// Comparisons and logic (results are bool).
Tensor eq(const Tensor& a, const Tensor& b);
Tensor eq(const Tensor& a, Scalar b);
Tensor ne(const Tensor& a, const Tensor& b);
Tensor ne(const Tensor& a, Scalar b);
Tensor lt(const Tensor& a, const Tensor& b);
Tensor lt(const Tensor& a, Scalar b);
Tensor le(const Tensor& a, const Tensor& b);
Tensor le(const Tensor& a, Scalar b);
Tensor gt(const Tensor& a, const Tensor& b);
Tensor gt(const Tensor& a, Scalar b);
Tensor ge(const Tensor& a, const Tensor& b);
Tensor ge(const Tensor& a, Scalar b);
Tensor logical_and(const Tensor& a, const Tensor& b);
Tensor logical_or(const Tensor& a, const Tensor& b);
Tensor bitwise_or(const Tensor& a, const Tensor& b);  // `a | b` of bool tensors
Tensor logical_not(const Tensor& a);

// Selection and indexing.
Tensor where(const Tensor& cond, const Tensor& a, const Tensor& b);
Tensor where(const Tensor& cond, const Tensor& a, Scalar b);
Tensor gather(const Tensor& self, int dim, const Tensor& index);  // index int64 (or int32)
Tensor& scatter_(Tensor& self, int dim, const Tensor& index, const Tensor& src);
// scatter_ that writes only where mask (same shape as index) is true.
Tensor& scatter_masked_(Tensor& self, int dim, const Tensor& index, const Tensor& src, const Tensor& mask);
Tensor& masked_fill_(Tensor& self, const Tensor& mask, Scalar value);
Tensor& fill_(Tensor& self, Scalar value);
Tensor& copy_(Tensor& dst, const Tensor& src);  // broadcasts src, converts dtype, crosses devices
// self[idx] / self[rows, cols] (aten::index): one index tensor per dim of self (at most 2), all
// of one shape, which the result takes; a negative index counts from the end.
Tensor index(const Tensor& self, const std::vector<Tensor>& indices);
// self.flip(dims=[dim]): a reversed copy along one dim.
Tensor flip(const Tensor& self, int dim);
// torch.repeat_interleave(repeats), 1-D: index i, repeats[i] times, of the repeats' dtype (host only).
Tensor repeat_interleave(const Tensor& repeats);
// torch.index_select(self, 0, index) of a 1-D self (host tensors only).
Tensor index_select(const Tensor& self, int dim, const Tensor& index);
// torch.repeat_interleave(self, repeats), both 1-D: self[i] repeats[i] times (host tensors
// only). ATen's composite: index_select(self, 0, repeat_interleave(repeats)), two ops and two
// allocations, as PyTorch dispatches it.
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats);

// Reductions along a dimension (keepdim=false).
Tensor cumsum(const Tensor& a, int dim, std::optional<DType> dtype = std::nullopt);  // integral -> int64, as torch
// torch.cumsum(a, dim, out=out, dtype=...): into `out` (a's shape; of `dtype` when given, and
// then the result type is `dtype`, else out's own), no allocation.
Tensor& cumsum_out(Tensor& out, const Tensor& a, int dim, std::optional<DType> dtype = std::nullopt);
Tensor sum(const Tensor& a, int dim);  // integral/bool -> int64
Tensor amax(const Tensor& a, int dim);
Tensor amin(const Tensor& a, int dim);
Tensor argmax(const Tensor& a, int dim);  // first maximum, int64
// torch.max(a, dim): the values and the (first) indices, two results as torch allocates them.
// Two passes, so two launches where it runs on a device (PyTorch's is one kernel); the ports
// call it in host planning only, where nothing launches.
struct MaxAlongDim {
  Tensor values, indices;
};
MaxAlongDim max(const Tensor& a, int dim);
Tensor all(const Tensor& a, int dim);
Tensor any(const Tensor& a, int dim);
// Whole-tensor reductions to a 0-dim tensor, and the host-side read of one (a sync on cuda).
Tensor max(const Tensor& a);
Tensor min(const Tensor& a);
Tensor sum(const Tensor& a);
std::int64_t item_int(const Tensor& a);

// Conversions.
Tensor to(const Tensor& a, DType dtype);          // same tensor when dtype matches: no allocation
Tensor to(const Tensor& a, DeviceType device);    // same tensor when device matches
Tensor clone(const Tensor& a);                    // contiguous copy
Tensor contiguous(const Tensor& a);               // same tensor when already contiguous

}  // namespace clampbench
