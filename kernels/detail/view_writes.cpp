// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/detail/view_writes.h"

#include <cstring>
#include <fmt/format.h>
#include <unordered_map>
#include <unordered_set>

#include "kernels/detail/op_helpers.h"

namespace clampbench::detail {
namespace {

std::string describe(const Tensor& t) {
  return fmt::format("{} strides {} offset {}", t.shape().str(), t.strides().str(), t.storage_offset());
}

// The storage element of each of t's elements, C order.
std::vector<std::int64_t> storage_elements(const Tensor& t) {
  std::vector<std::int64_t> out(static_cast<std::size_t>(t.numel()));
  std::int64_t coord[kMaxDims] = {};
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (i > 0) {  // odometer over the view's shape
      for (int k = t.dim() - 1; k >= 0 && ++coord[k] == t.size(k); --k) coord[k] = 0;
    }
    std::int64_t e = t.storage_offset();
    for (int k = 0; k < t.dim(); ++k) e += coord[k] * t.stride(k);
    out[i] = e;
  }
  return out;
}

}  // namespace

std::vector<unsigned char> host_bytes(const Tensor& t, DType as) {
  std::vector<unsigned char> out(static_cast<std::size_t>(t.numel()) * element_size(as));
  if (!out.empty()) read_into_host(contiguous_arg(out.data(), as, t.shape()), t);
  return out;
}

WriteWatch::WriteWatch(const Tensor& view, const char* op) : op_(op) {
  if (!write_order::recording() || !view.defined()) return;
  on_ = true;
  view_ = view;
  elements_ = storage_elements(view);
  before_ = host_bytes(view, view.dtype());
}

void WriteWatch::done() {
  if (!on_) return;
  finish(static_cast<std::int64_t>(std::unordered_set<std::int64_t>(elements_.begin(), elements_.end()).size()));
}

void WriteWatch::done(const std::vector<unsigned char>& written) {
  if (!on_) return;
  std::unordered_set<std::int64_t> hit;
  for (std::size_t i = 0; i < elements_.size(); ++i)
    if (written[i] != 0) hit.insert(elements_[i]);
  finish(static_cast<std::int64_t>(hit.size()));
}

void WriteWatch::done_at(const std::vector<std::int64_t>& storage_elements) {
  if (!on_) return;
  finish(static_cast<std::int64_t>(
      std::unordered_set<std::int64_t>(storage_elements.begin(), storage_elements.end()).size()));
}

void WriteWatch::finish(std::int64_t written) {
  on_ = false;
  const std::vector<unsigned char> after = host_bytes(view_, view_.dtype());
  const std::size_t width = element_size(view_.dtype());
  std::unordered_set<std::int64_t> changed;  // a storage element seen through several positions counts once
  for (std::size_t i = 0; i < elements_.size(); ++i) {
    if (std::memcmp(before_.data() + i * width, after.data() + i * width, width) != 0) changed.insert(elements_[i]);
  }
  write_order::record(ViewWrite{view_.storage().get(), op_, describe(view_), written,
                                static_cast<std::int64_t>(changed.size())});
}

}  // namespace clampbench::detail
