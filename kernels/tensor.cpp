// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Dims, Storage and Tensor with its views. A view computes new extents/strides/offset over the
// same Storage; nothing here allocates. Where storage comes from and goes back to (the
// runtime's allocators, the allocation trace) is tensor_storage.cpp, a layer above.

#include "kernels/tensor.h"

#include <stdexcept>

#include <fmt/format.h>

#include "kernels/error.h"

namespace clampbench {

Dims::Dims(std::initializer_list<std::int64_t> values) {
  CB_CHECK(values.size() <= static_cast<std::size_t>(kMaxDims), ErrorKind::ShapeMismatch,
           "a shape has at most {} dims, got {}", kMaxDims, values.size());
  for (std::int64_t v : values) d[ndim++] = v;
}

Dims Dims::from(const std::vector<std::int64_t>& values) {
  CB_CHECK(values.size() <= static_cast<std::size_t>(kMaxDims), ErrorKind::ShapeMismatch,
           "a shape has at most {} dims, got {}", kMaxDims, values.size());
  Dims r;
  for (std::int64_t v : values) r.d[r.ndim++] = v;
  return r;
}

// Out of line: inlined at its many call sites, its loop's alignment padding cost more
// instructions than the call (callgrind, gate-change.sh).
std::int64_t Dims::numel() const {
  std::int64_t n = 1;
  for (int i = 0; i < ndim; ++i) n *= d[i];
  return n;
}

std::string Dims::str() const { return fmt::format("[{}]", fmt::join(d, d + ndim, ", ")); }

bool operator==(const Dims& a, const Dims& b) {
  if (a.ndim != b.ndim) return false;
  for (int i = 0; i < a.ndim; ++i)
    if (a.d[i] != b.d[i]) return false;
  return true;
}

DeviceType Tensor::device() const {
  CB_CHECK(defined(), ErrorKind::InvalidArgument, "device() of an undefined tensor");
  return storage_->device();
}

int Tensor::wrap_dim(int d, int ndim_plus) const {
  const int n = shape_.ndim + ndim_plus;
  const int lo = n > 0 ? -n : -1, hi = n > 0 ? n - 1 : 0;  // a 0-dim tensor accepts 0 and -1
  CB_CHECK(d >= lo && d <= hi, ErrorKind::IndexOutOfRange,
           "dim {} out of range for a {}-dim tensor (expected [{}, {}])", d, shape_.ndim, lo, hi);
  return d < 0 ? d + (n > 0 ? n : 1) : d;
}

std::int64_t Tensor::size(int d) const {
  CB_CHECK(shape_.ndim > 0, ErrorKind::IndexOutOfRange, "size({}) of a 0-dim tensor", d);
  return shape_.d[wrap_dim(d)];
}
std::int64_t Tensor::stride(int d) const {
  CB_CHECK(shape_.ndim > 0, ErrorKind::IndexOutOfRange, "stride({}) of a 0-dim tensor", d);
  return strides_.d[wrap_dim(d)];
}

bool Tensor::is_contiguous() const {
  if (numel() == 0) return true;
  std::int64_t expected = 1;
  for (int i = shape_.ndim - 1; i >= 0; --i) {
    if (shape_.d[i] == 1) continue;  // a size-1 dim's stride never matters
    if (strides_.d[i] != expected) return false;
    expected *= shape_.d[i];
  }
  return true;
}

void* Tensor::data_ptr() const {
  if (!defined() || storage_->data() == nullptr) return nullptr;
  return static_cast<char*>(storage_->data()) + offset_ * static_cast<std::int64_t>(element_size(dtype_));
}

Tensor Tensor::narrow(int dim, std::int64_t start, std::int64_t length) const {
  CB_CHECK(shape_.ndim > 0, ErrorKind::IndexOutOfRange, "narrow: a 0-dim tensor has no dim to narrow");
  const int d = wrap_dim(dim);
  const std::int64_t n = shape_.d[d];
  if (start < 0) start += n;
  CB_CHECK(start >= 0 && length >= 0 && start + length <= n, ErrorKind::IndexOutOfRange,
           "narrow: start {} length {} out of range for dim {} of size {}", start, length, dim, n);
  Tensor r = *this;
  r.shape_.d[d] = length;
  r.offset_ += start * strides_.d[d];
  return r;
}

Tensor Tensor::slice(int dim, std::int64_t start, std::int64_t end) const {
  CB_CHECK(shape_.ndim > 0, ErrorKind::IndexOutOfRange, "slice: a 0-dim tensor has no dim to slice");
  const std::int64_t n = shape_.d[wrap_dim(dim)];
  auto clamp_pos = [n](std::int64_t p) {
    if (p < 0) p += n;
    return p < 0 ? 0 : (p > n ? n : p);
  };
  start = clamp_pos(start);
  end = clamp_pos(end);
  return narrow(dim, start, end > start ? end - start : 0);
}

Tensor Tensor::select(int dim, std::int64_t index) const {
  CB_CHECK(shape_.ndim > 0, ErrorKind::IndexOutOfRange, "select: a 0-dim tensor has no dim to select");
  const int d = wrap_dim(dim);
  const std::int64_t n = shape_.d[d];
  CB_CHECK(index >= -n && index < n, ErrorKind::IndexOutOfRange,
           "select: index {} out of range for dim {} of size {}", index, dim, n);
  if (index < 0) index += n;
  Tensor r = *this;
  r.offset_ += index * strides_.d[d];
  for (int i = d; i + 1 < shape_.ndim; ++i) {
    r.shape_.d[i] = shape_.d[i + 1];
    r.strides_.d[i] = strides_.d[i + 1];
  }
  r.shape_.ndim = r.strides_.ndim = shape_.ndim - 1;
  return r;
}

Tensor Tensor::unsqueeze(int dim) const {
  CB_CHECK(shape_.ndim < kMaxDims, ErrorKind::ShapeMismatch, "unsqueeze: a tensor has at most {} dims", kMaxDims);
  const int d = wrap_dim(dim, 1);
  Tensor r = *this;
  for (int i = shape_.ndim; i > d; --i) {
    r.shape_.d[i] = shape_.d[i - 1];
    r.strides_.d[i] = strides_.d[i - 1];
  }
  r.shape_.d[d] = 1;
  r.strides_.d[d] = d < shape_.ndim ? shape_.d[d] * strides_.d[d] : 1;  // as torch
  r.shape_.ndim = r.strides_.ndim = shape_.ndim + 1;
  return r;
}

Tensor Tensor::squeeze(int dim) const {
  if (shape_.ndim == 0) return *this;
  const int d = wrap_dim(dim);
  if (shape_.d[d] != 1) return *this;  // torch: squeezing a non-1 dim is a no-op
  return select(d, 0);
}

Tensor Tensor::expand(const Dims& shape) const {
  CB_CHECK(shape.ndim >= shape_.ndim, ErrorKind::ShapeMismatch,
           "expand: target {} has fewer dims than the tensor's {}", shape.str(), shape_.str());
  Tensor r = *this;
  r.shape_.ndim = r.strides_.ndim = shape.ndim;
  const int lead = shape.ndim - shape_.ndim;
  for (int i = 0; i < shape.ndim; ++i) {
    const int src = i - lead;
    const std::int64_t want = shape.d[i];
    if (src < 0) {
      CB_CHECK(want >= 0, ErrorKind::ShapeMismatch, "expand: -1 not allowed in a new leading dim ({} to {})",
               shape_.str(), shape.str());
      r.shape_.d[i] = want;
      r.strides_.d[i] = 0;
      continue;
    }
    const std::int64_t have = shape_.d[src];
    if (want == -1 || want == have) {
      r.shape_.d[i] = have;
      r.strides_.d[i] = strides_.d[src];
    } else {
      CB_CHECK(have == 1 && want >= 0, ErrorKind::ShapeMismatch, "expand: cannot expand {} to {}",
               shape_.str(), shape.str());
      r.shape_.d[i] = want;
      r.strides_.d[i] = 0;
    }
  }
  return r;
}

Tensor Tensor::unfold(int dim, std::int64_t size, std::int64_t step) const {
  CB_CHECK(shape_.ndim < kMaxDims, ErrorKind::ShapeMismatch, "unfold: a tensor has at most {} dims", kMaxDims);
  const int d = wrap_dim(dim);
  const std::int64_t n = shape_.ndim == 0 ? 1 : shape_.d[d];
  CB_CHECK(size >= 0 && size <= n, ErrorKind::ShapeMismatch, "unfold: size {} exceeds dim {} of size {}", size, dim, n);
  CB_CHECK(step > 0, ErrorKind::InvalidArgument, "unfold: step must be positive, got {}", step);
  Tensor r = *this;
  if (shape_.ndim == 0) {  // torch: a 0-dim tensor unfolds to [size]
    r.shape_ = Dims{size};
    r.strides_ = Dims{1};
    return r;
  }
  r.shape_.d[d] = (n - size) / step + 1;
  r.strides_.d[d] = strides_.d[d] * step;
  r.shape_.d[shape_.ndim] = size;
  r.strides_.d[shape_.ndim] = strides_.d[d];
  r.shape_.ndim = r.strides_.ndim = shape_.ndim + 1;
  return r;
}

Tensor Tensor::view(const Dims& shape) const {
  CB_CHECK(is_contiguous(), ErrorKind::ShapeMismatch, "view: {} is not contiguous", str());
  Dims target = shape;
  int infer = -1;
  std::int64_t known = 1;
  for (int i = 0; i < target.ndim; ++i) {
    if (target.d[i] == -1) {
      CB_CHECK(infer < 0, ErrorKind::ShapeMismatch, "view: only one -1 allowed in {}", shape.str());
      infer = i;
    } else {
      CB_CHECK(target.d[i] >= 0, ErrorKind::ShapeMismatch, "view: negative extent in {}", shape.str());
      known *= target.d[i];
    }
  }
  if (infer >= 0) {
    CB_CHECK(known != 0 && numel() % known == 0, ErrorKind::ShapeMismatch, "view: cannot view {} as {}",
             shape_.str(), shape.str());
    target.d[infer] = numel() / known;
  }
  CB_CHECK(target.numel() == numel(), ErrorKind::ShapeMismatch, "view: cannot view {} ({} elements) as {}",
           shape_.str(), numel(), shape.str());
  Tensor r = *this;
  r.shape_ = target;
  r.strides_ = contiguous_strides(target);
  return r;
}

std::string Tensor::str() const {
  if (!defined()) return "undefined";
  return fmt::format("{}{} {}", dtype_name(dtype_), shape_.str(), device_name(device()));
}

}  // namespace clampbench
