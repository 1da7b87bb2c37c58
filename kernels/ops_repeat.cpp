// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// repeat_interleave(self, repeats) for 1-D host tensors: the one op MLA's token -> request map
// needs (vLLM calls it once per chunk), written out in O(output) so the port has vLLM's
// algorithmic order instead of a [C, P, T] comparison.

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

// out = self[i] repeats[i] times, in order, moved as whole elements (W: an unsigned integer
// of the element's width).
template <typename W>
void write_repeats(const Tensor& out, const Tensor& self, const Tensor& repeats) {
  const char* src = static_cast<const char*>(self.data_ptr());
  W* dst = static_cast<W*>(out.data_ptr());
  for (std::int64_t i = 0; i < self.size(0); ++i) {
    W value;
    std::memcpy(&value, src + i * self.stride(0) * static_cast<std::int64_t>(sizeof(W)), sizeof(W));
    for (std::int64_t k = integer_at(repeats, i); k > 0; --k) *dst++ = value;
  }
}

void write_repeats(const Tensor& out, const Tensor& self, const Tensor& repeats) {
  switch (element_size(self.dtype())) {
    case 1: return write_repeats<std::uint8_t>(out, self, repeats);
    case 2: return write_repeats<std::uint16_t>(out, self, repeats);
    case 4: return write_repeats<std::uint32_t>(out, self, repeats);
    default: return write_repeats<std::uint64_t>(out, self, repeats);
  }
}

}  // namespace

// One allocation: the result (torch itself allocates more inside: the repeats' cumsum and the
// index it gathers with; the runtime's rule counts the op's result only).
Tensor repeat_interleave(const Tensor& self, const Tensor& repeats) {
  const char* name = "repeat_interleave";
  const detail::OpCall call(name);
  detail::check_defined(self, name);
  detail::check_defined(repeats, name);
  detail::check_same_device(self, repeats, name);
  CB_CHECK(self.device() == DeviceType::Host, ErrorKind::InvalidArgument,
           "{}: only host tensors are supported (vLLM calls it on host tensors)", name);
  CB_CHECK(self.dim() == 1 && repeats.dim() == 1 && self.size(0) == repeats.size(0), ErrorKind::ShapeMismatch,
           "{}: self {} and repeats {} must be 1-D of one length", name, self.str(), repeats.str());
  CB_CHECK(repeats.dtype() == DType::Int32 || repeats.dtype() == DType::Int64, ErrorKind::DTypeMismatch,
           "{}: repeats must be int32 or int64, got {}", name, repeats.str());
  std::int64_t total = 0;
  for (std::int64_t i = 0; i < repeats.size(0); ++i) {
    const std::int64_t r = integer_at(repeats, i);
    CB_CHECK(r >= 0, ErrorKind::InvalidArgument, "{}: repeats must be non-negative, got {} at {}", name, r, i);
    total += r;
  }
  // The result's size is the repeats' sum: on a device, read back before anything is launched.
  detail::count_sync(self.device());
  detail::count_launches(self.device());
  Tensor out = Tensor::empty(Dims{total}, self.dtype(), self.device());
  write_repeats(out, self, repeats);
  return out;
}

}  // namespace clampbench
