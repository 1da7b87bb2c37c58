// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// repeat_interleave for 1-D host tensors, as ATen spells it: the index of the repeats, then
// index_select. MLA's token -> request map calls it once per chunk; written out in O(output)
// so the port has vLLM's algorithmic order instead of a [C, P, T] comparison.

#include <cstdint>

#include <fmt/format.h>

#include "kernels/detail/element_ops.h"
#include "kernels/detail/op_call.h"
#include "kernels/detail/op_helpers.h"
#include "kernels/error.h"
#include "kernels/ops.h"

namespace clampbench {

namespace {

std::int64_t integer_at(const Tensor& t, std::int64_t i) {
  const char* p = static_cast<const char*>(t.data_ptr()) +
                  i * t.stride(0) * static_cast<std::int64_t>(element_size(t.dtype()));
  return detail::load_as<std::int64_t>(p, t.dtype());
}

}  // namespace

// One allocation, the index, of the repeats' dtype as torch's.
Tensor repeat_interleave(const Tensor& repeats) {
  const char* name = "repeat_interleave";
  const detail::OpCall call(name);
  detail::check_defined(repeats, name);
  CB_CHECK(repeats.device() == DeviceType::Host, ErrorKind::InvalidArgument,
           "{}: only host tensors are supported (vLLM calls it on host tensors)", name);
  CB_CHECK(repeats.dim() == 1, ErrorKind::ShapeMismatch, "{}: repeats {} must be 1-D", name, repeats.str());
  CB_CHECK(repeats.dtype() == DType::Int32 || repeats.dtype() == DType::Int64, ErrorKind::DTypeMismatch,
           "{}: repeats must be int32 or int64, got {}", name, repeats.str());
  std::int64_t total = 0;
  for (std::int64_t i = 0; i < repeats.size(0); ++i) {
    const std::int64_t r = integer_at(repeats, i);
    CB_CHECK(r >= 0, ErrorKind::InvalidArgument, "{}: repeats must be non-negative, got {} at {}", name, r, i);
    total += r;
  }
  // The result's size is the repeats' sum: on a device, read back before anything is launched.
  detail::count_sync(repeats.device());
  detail::count_launches(repeats.device());
  Tensor out = Tensor::empty(Dims{total}, repeats.dtype(), repeats.device(), name);
  char* index = static_cast<char*>(out.data_ptr());
  const std::size_t width = element_size(repeats.dtype());
  for (std::int64_t i = 0; i < repeats.size(0); ++i) {
    for (std::int64_t k = integer_at(repeats, i); k > 0; --k, index += width)
      detail::store_as<std::int64_t>(index, repeats.dtype(), i);
  }
  return out;
}

// A gather along dim 0, which for a 1-D self is index_select's result.
Tensor index_select(const Tensor& self, int dim, const Tensor& index) {
  const char* name = "index_select";
  const detail::OpCall call(name);
  detail::check_defined(self, name);
  detail::check_defined(index, name);
  CB_CHECK(self.dim() == 1 && index.dim() == 1, ErrorKind::ShapeMismatch,
           "{}: self {} and index {} must be 1-D (the runtime's only case)", name, self.str(), index.str());
  return gather(self, detail::wrap_dim(dim, 1, name), index);
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats) {
  detail::check_defined(self, "repeat_interleave");
  detail::check_defined(repeats, "repeat_interleave");
  CB_CHECK(self.dim() == 1 && repeats.dim() == 1 && self.size(0) == repeats.size(0), ErrorKind::ShapeMismatch,
           "repeat_interleave: self {} and repeats {} must be 1-D of one length", self.str(), repeats.str());
  return index_select(self, 0, repeat_interleave(repeats));
}

}  // namespace clampbench
