// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "kernels/detail/duplicate_writes.h"

#include <algorithm>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "kernels/detail/op_helpers.h"
#include "kernels/detail/view_writes.h"

namespace clampbench::detail {
namespace {

struct Destination {
  std::uint64_t value = 0;  // bits of the first value written there
  bool differs = false;
};

}  // namespace

std::vector<std::int64_t> scatter_destinations(const Tensor& self, int dim, const Tensor& index,
                                               const Tensor* mask) {
  const Dims& shape = index.shape();
  const std::vector<unsigned char> at = host_bytes(index, DType::Int64);
  const std::vector<unsigned char> selected = mask ? host_bytes(*mask, DType::Bool) : std::vector<unsigned char>();
  std::vector<std::int64_t> out(static_cast<std::size_t>(shape.numel()), -1);
  std::int64_t coord[kMaxDims] = {};
  const std::int64_t limit = self.size(dim);
  for (std::int64_t i = 0; i < shape.numel(); ++i) {
    if (i > 0) {  // odometer over the index's shape, C order
      for (int k = shape.ndim - 1; k >= 0 && ++coord[k] == shape[k]; --k) coord[k] = 0;
    }
    if (mask && selected[static_cast<std::size_t>(i)] == 0) continue;
    std::int64_t a = 0;
    std::memcpy(&a, at.data() + static_cast<std::size_t>(i) * sizeof a, sizeof a);
    if (a < 0 || a >= limit) continue;
    std::int64_t element = self.storage_offset();
    for (int k = 0; k < shape.ndim; ++k) element += (k == dim ? a : coord[k]) * self.stride(k);
    out[static_cast<std::size_t>(i)] = element;
  }
  return out;
}

std::optional<OrderDependentWrite> find_order_dependent_writes(const Tensor& self, int dim, const Tensor& index,
                                                               const Tensor& src, const Tensor* mask,
                                                               const char* op) {
  const Dims& shape = index.shape();
  Tensor src_view = src;  // scatter reads src over the index's extent only
  for (int k = 0; k < shape.ndim; ++k) src_view = src_view.narrow(k, 0, shape[k]);
  const std::vector<std::int64_t> at = scatter_destinations(self, dim, index, mask);
  const std::size_t width = element_size(src.dtype());
  const std::vector<unsigned char> values = host_bytes(src_view, src.dtype());

  std::unordered_map<std::int64_t, Destination> seen;
  for (std::size_t i = 0; i < at.size(); ++i) {
    if (at[i] < 0) continue;
    std::uint64_t bits = 0;
    std::memcpy(&bits, values.data() + i * width, width);
    auto [it, fresh] = seen.try_emplace(at[i], Destination{bits, false});
    if (!fresh && it->second.value != bits) it->second.differs = true;
  }
  std::optional<OrderDependentWrite> found;
  for (const auto& [element, d] : seen) {
    if (!d.differs) continue;
    if (!found) found = OrderDependentWrite{self.storage().get(), op, 0, element};
    found->duplicates += 1;
    found->first_element = std::min(found->first_element, element);
  }
  return found;
}

}  // namespace clampbench::detail
