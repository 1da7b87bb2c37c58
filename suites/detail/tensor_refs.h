// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Host-side factories of the strided references (strided.h): checked against the tensor's
// dtype and rank, taking its data_ptr() (which already includes the view's offset) and its
// strides. The fused builders read their inputs through these (ref1<const T> for an input),
// so views of any layout work.

#include <cstdint>
#include <type_traits>

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/tensor.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

using clampbench::dtype_of;

template <typename T> void check_ref(const Tensor& t, int rank, const char* what) {
  CB_CHECK(t.defined(), ErrorKind::InvalidArgument, "fused: {} is undefined", what);
  CB_CHECK(t.dtype() == dtype_of<T>(), ErrorKind::DTypeMismatch, "fused: {} is {}, expected another dtype",
           what, t.str());
  CB_CHECK(t.dim() == rank, ErrorKind::ShapeMismatch, "fused: {} is {}, expected rank {}", what, t.str(), rank);
}

template <typename T> Ref1<T> ref1(const Tensor& t, const char* what) {
  check_ref<T>(t, 1, what);
  return {static_cast<T*>(t.data_ptr()), t.size(0), t.stride(0)};
}

template <typename T> Ref2<T> ref2(const Tensor& t, const char* what) {
  check_ref<T>(t, 2, what);
  return {static_cast<T*>(t.data_ptr()), t.size(0), t.size(1), t.stride(0), t.stride(1)};
}

template <typename T> Ref3<T> ref3(const Tensor& t, const char* what) {
  check_ref<T>(t, 3, what);
  Ref3<T> r;
  r.data = static_cast<T*>(t.data_ptr());
  for (int d = 0; d < 3; ++d) {
    r.size[d] = t.size(d);
    r.stride[d] = t.stride(d);
  }
  return r;
}

// Where a fused builder writes its results: the output tensor it allocated.
template <typename T> T* out_ptr(Tensor& t) { return static_cast<T*>(t.data_ptr()); }

}  // namespace clampbench::suites::detail
