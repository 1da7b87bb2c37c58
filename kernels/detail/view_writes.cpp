// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/detail/view_writes.h"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>

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

// Distinct storage elements among those added: a bitmap over their range (a view's elements
// lie in one storage), not a hash set: a million-element write costs a pass, not a million
// node allocations.
class DistinctElements {
 public:
  explicit DistinctElements(const std::vector<std::int64_t>& universe) {
    if (universe.empty()) return;
    const auto [lo, hi] = std::minmax_element(universe.begin(), universe.end());
    first_ = *lo;
    seen_.assign(static_cast<std::size_t>(*hi - *lo + 1), false);
  }
  void add(std::int64_t e) {
    auto bit = seen_[static_cast<std::size_t>(e - first_)];
    if (!bit) {
      bit = true;
      ++count_;
    }
  }
  std::int64_t count() const { return count_; }

 private:
  std::int64_t first_ = 0, count_ = 0;
  std::vector<bool> seen_;
};

std::int64_t count_distinct(const std::vector<std::int64_t>& elements) {
  DistinctElements d(elements);
  for (std::int64_t e : elements) d.add(e);
  return d.count();
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
  finish(count_distinct(elements_));
}

void WriteWatch::done(const std::vector<unsigned char>& written) {
  if (!on_) return;
  DistinctElements hit(elements_);
  for (std::size_t i = 0; i < elements_.size(); ++i)
    if (written[i] != 0) hit.add(elements_[i]);
  finish(hit.count());
}

void WriteWatch::done_at(const std::vector<std::int64_t>& storage_elements) {
  if (!on_) return;
  finish(count_distinct(storage_elements));
}

void WriteWatch::finish(std::int64_t written) {
  on_ = false;
  const std::vector<unsigned char> after = host_bytes(view_, view_.dtype());
  const std::size_t width = element_size(view_.dtype());
  DistinctElements changed(elements_);  // a storage element seen through several positions counts once
  // Element-wise compare at a width known to the compiler: a memcmp call per element is most
  // of the cost of a million-element write.
  auto compare = [&](auto word) {
    using W = decltype(word);
    for (std::size_t i = 0; i < elements_.size(); ++i) {
      W a, b;
      std::memcpy(&a, before_.data() + i * sizeof(W), sizeof(W));
      std::memcpy(&b, after.data() + i * sizeof(W), sizeof(W));
      if (a != b) changed.add(elements_[i]);
    }
  };
  switch (width) {
    case 1: compare(std::uint8_t{}); break;
    case 2: compare(std::uint16_t{}); break;
    case 4: compare(std::uint32_t{}); break;
    case 8: compare(std::uint64_t{}); break;
    default:
      for (std::size_t i = 0; i < elements_.size(); ++i)
        if (std::memcmp(before_.data() + i * width, after.data() + i * width, width) != 0) changed.add(elements_[i]);
  }
  write_order::record(ViewWrite{view_.storage().get(), op_, describe(view_), written, changed.count()});
}

}  // namespace clampbench::detail
