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

// Calls f(i, e) for each of t's elements in C order: i its position, e its storage element.
// Walked, not listed: a vector of them costs eight bytes per element written, 32 MiB for a
// four-million-element copy_, and the C library keeps such scratch resident after the call.
template <class F>
void for_each_storage_element(const Tensor& t, F&& f) {
  const std::int64_t n = t.numel();
  const std::int64_t offset = t.storage_offset();
  if (t.is_contiguous()) {
    for (std::int64_t i = 0; i < n; ++i) f(static_cast<std::size_t>(i), offset + i);
    return;
  }
  std::int64_t coord[kMaxDims] = {};
  std::int64_t e = offset;
  for (std::int64_t i = 0; i < n; ++i) {
    if (i > 0) {  // odometer over the view's shape, the element moved with it
      for (int k = t.dim() - 1; k >= 0; --k) {
        e += t.stride(k);
        if (++coord[k] < t.size(k)) break;
        e -= t.size(k) * t.stride(k);
        coord[k] = 0;
      }
    }
    f(static_cast<std::size_t>(i), e);
  }
}

// Distinct storage elements among those added: a bitmap over their range (a view's elements
// lie in one storage), not a hash set: a million-element write costs a pass, not a million
// node allocations. A contiguous view's elements are distinct: there, a count.
class DistinctElements {
 public:
  // Over the storage elements of the view `t`: from its lowest to its highest, the corners
  // where each dimension's index is 0 or its last.
  explicit DistinctElements(const Tensor& t) : all_distinct_(t.is_contiguous()) {
    if (all_distinct_ || t.numel() == 0) return;
    std::int64_t lo = t.storage_offset(), hi = lo;
    for (int k = 0; k < t.dim(); ++k) {
      const std::int64_t span = (t.size(k) - 1) * t.stride(k);
      (span < 0 ? lo : hi) += span;
    }
    first_ = lo;
    seen_.assign(static_cast<std::size_t>(hi - lo + 1), false);
  }
  explicit DistinctElements(const std::vector<std::int64_t>& universe) {
    if (universe.empty()) return;
    const auto [lo, hi] = std::minmax_element(universe.begin(), universe.end());
    first_ = *lo;
    seen_.assign(static_cast<std::size_t>(*hi - *lo + 1), false);
  }
  void add(std::int64_t e) {
    if (all_distinct_) {
      ++count_;
      return;
    }
    auto bit = seen_[static_cast<std::size_t>(e - first_)];
    if (!bit) {
      bit = true;
      ++count_;
    }
  }
  std::int64_t count() const { return count_; }

 private:
  bool all_distinct_ = false;
  std::int64_t first_ = 0, count_ = 0;
  std::vector<bool> seen_;
};

std::int64_t count_distinct(const std::vector<std::int64_t>& elements) {
  DistinctElements d(elements);
  for (std::int64_t e : elements) d.add(e);
  return d.count();
}

// Adds to `changed` each storage element of `view` whose bytes differ between `before` (the
// view's elements in C order) and after(i, e), a pointer to element i (storage element e) now.
template <class After>
void count_changed(const Tensor& view, const std::vector<unsigned char>& before, DistinctElements& changed,
                   After after) {
  const std::size_t width = element_size(view.dtype());
  // Element-wise compare at a width known to the compiler: a memcmp call per element is most
  // of the cost of a million-element write.
  auto compare = [&](auto word) {
    using W = decltype(word);
    for_each_storage_element(view, [&](std::size_t i, std::int64_t e) {
      W a, b;
      std::memcpy(&a, before.data() + i * sizeof(W), sizeof(W));
      std::memcpy(&b, after(i, e), sizeof(W));
      if (a != b) changed.add(e);
    });
  };
  switch (width) {
    case 1: compare(std::uint8_t{}); break;
    case 2: compare(std::uint16_t{}); break;
    case 4: compare(std::uint32_t{}); break;
    case 8: compare(std::uint64_t{}); break;
    default:
      for_each_storage_element(view, [&](std::size_t i, std::int64_t e) {
        if (std::memcmp(before.data() + i * width, after(i, e), width) != 0) changed.add(e);
      });
  }
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
  before_ = host_bytes(view, view.dtype());
}

void WriteWatch::done() {
  if (!on_) return;
  DistinctElements all(view_);
  for_each_storage_element(view_, [&](std::size_t, std::int64_t e) { all.add(e); });
  finish(all.count());
}

void WriteWatch::done(const std::vector<unsigned char>& written) {
  if (!on_) return;
  DistinctElements hit(view_);
  for_each_storage_element(view_, [&](std::size_t i, std::int64_t e) {
    if (written[i] != 0) hit.add(e);
  });
  finish(hit.count());
}

void WriteWatch::done_at(const std::vector<std::int64_t>& storage_elements) {
  if (!on_) return;
  finish(count_distinct(storage_elements));
}

void WriteWatch::finish(std::int64_t written) {
  on_ = false;
  const std::size_t width = element_size(view_.dtype());
  DistinctElements changed(view_);  // a storage element seen through several positions counts once
  // The view's bytes after the write: read where they lie on the host, copied out of a
  // device's memory (in C order) otherwise.
  if (view_.device() == DeviceType::Host) {
    const auto* base = static_cast<const unsigned char*>(view_.storage()->data());
    count_changed(view_, before_, changed,
                  [&](std::size_t, std::int64_t e) { return base + static_cast<std::size_t>(e) * width; });
  } else {
    const std::vector<unsigned char> after = host_bytes(view_, view_.dtype());
    count_changed(view_, before_, changed, [&](std::size_t i, std::int64_t) { return after.data() + i * width; });
  }
  write_order::record(ViewWrite{view_.storage().get(), op_, describe(view_), written, changed.count()});
}

void launch_in_place(const ElementwiseArgs& args, const Tensor& self, const char* name) {
  WriteWatch watch(self, name);
  launch(args, self.device());
  watch.done();
}

}  // namespace clampbench::detail
