// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// repeat_interleave for 1-D host tensors, as ATen spells it: the index of the repeats, then
// index_select. MLA's token -> request map calls it once per chunk; written out in O(output)
// so the port has vLLM's algorithmic order instead of a [C, P, T] comparison.

#include <algorithm>
#include <cstdint>
#include <cstring>

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

// out[k] = i for each of repeats[i] positions, in order.
template <typename I> void write_index(I* out, const Tensor& repeats) {
  const std::int64_t n = repeats.size(0);
  for (std::int64_t i = 0; i < n; ++i) out = std::fill_n(out, integer_at(repeats, i), static_cast<I>(i));
}

// out[k] = self[index[k]], elements moved whole (W: an unsigned integer of their width, I the
// index's type); a bad index is the error every backend raises.
template <typename W, typename I> void select_elements(const Tensor& out, const Tensor& self, const Tensor& index) {
  const char* src = static_cast<const char*>(self.data_ptr());
  const I* at = static_cast<const I*>(index.data_ptr());
  W* dst = static_cast<W*>(out.data_ptr());
  const std::int64_t size = self.size(0), step = self.stride(0) * static_cast<std::int64_t>(sizeof(W));
  const std::int64_t n = index.size(0), index_step = index.stride(0);  // out of the loop: not inlined
  for (std::int64_t k = 0; k < n; ++k, at += index_step) {
    if (*at < 0 || *at >= size) detail::bad_index(*at, 0, size);
    std::memcpy(dst + k, src + *at * step, sizeof(W));
  }
}

template <typename W> void select_elements(const Tensor& out, const Tensor& self, const Tensor& index) {
  if (index.dtype() == DType::Int32) {
    select_elements<W, std::int32_t>(out, self, index);
  } else {
    select_elements<W, std::int64_t>(out, self, index);
  }
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
  if (repeats.dtype() == DType::Int32) {
    write_index(static_cast<std::int32_t*>(out.data_ptr()), repeats);
  } else {
    write_index(static_cast<std::int64_t*>(out.data_ptr()), repeats);
  }
  return out;
}

Tensor index_select(const Tensor& self, int dim, const Tensor& index) {
  const char* name = "index_select";
  const detail::OpCall call(name);
  detail::check_defined(self, name);
  detail::check_defined(index, name);
  detail::check_same_device(self, index, name);
  CB_CHECK(self.device() == DeviceType::Host, ErrorKind::InvalidArgument,
           "{}: only host tensors are supported (vLLM calls it on host tensors)", name);
  CB_CHECK(self.dim() == 1 && index.dim() == 1, ErrorKind::ShapeMismatch,
           "{}: self {} and index {} must be 1-D (the runtime's only case)", name, self.str(), index.str());
  CB_CHECK(index.dtype() == DType::Int32 || index.dtype() == DType::Int64, ErrorKind::DTypeMismatch,
           "{}: index must be int32 or int64, got {}", name, index.str());
  (void)detail::wrap_dim(dim, 1, name);
  detail::count_launches(self.device());
  Tensor out = Tensor::empty(index.shape(), self.dtype(), self.device(), name);
  switch (element_size(self.dtype())) {
    case 1: select_elements<std::uint8_t>(out, self, index); break;
    case 2: select_elements<std::uint16_t>(out, self, index); break;
    case 4: select_elements<std::uint32_t>(out, self, index); break;
    default: select_elements<std::uint64_t>(out, self, index); break;
  }
  return out;
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats) {
  detail::check_defined(self, "repeat_interleave");
  detail::check_defined(repeats, "repeat_interleave");
  CB_CHECK(self.dim() == 1 && repeats.dim() == 1 && self.size(0) == repeats.size(0), ErrorKind::ShapeMismatch,
           "repeat_interleave: self {} and repeats {} must be 1-D of one length", self.str(), repeats.str());
  return index_select(self, 0, repeat_interleave(repeats));
}

}  // namespace clampbench
