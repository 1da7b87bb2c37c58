// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/verdicts/write_findings.h"

#include <algorithm>
#include <numeric>

namespace clampbench {

std::vector<std::int64_t> view_index_of(const Tensor& t, std::int64_t element) {
  // Peel the dims off from the largest stride down (non-overlapping views: unique answer).
  std::vector<int> dims(static_cast<std::size_t>(t.dim()));
  std::iota(dims.begin(), dims.end(), 0);
  std::stable_sort(dims.begin(), dims.end(), [&](int a, int b) { return t.stride(a) > t.stride(b); });
  std::vector<std::int64_t> index(static_cast<std::size_t>(t.dim()), 0);
  std::int64_t rest = element - t.storage_offset();
  if (rest < 0) return {};
  for (int d : dims) {
    if (t.size(d) <= 1 || t.stride(d) <= 0) continue;
    const std::int64_t i = std::min(rest / t.stride(d), t.size(d) - 1);
    index[static_cast<std::size_t>(d)] = i;
    rest -= i * t.stride(d);
  }
  if (rest != 0) return {};
  return index;
}

std::vector<OrderWriteFinding> map_order_dependent_writes(const std::vector<OrderDependentWrite>& writes,
                                                          const CaseData& data) {
  std::vector<OrderWriteFinding> found;
  for (const OrderDependentWrite& w : writes) {
    for (const Buffer& b : data.buffers) {
      if (b.role == Role::Fresh || !b.tensor.defined() || b.tensor.storage().get() != w.storage) continue;
      found.push_back({b.name, b.role, w.op, w.duplicates, view_index_of(b.tensor, w.first_element), false, ""});
      break;
    }
  }
  return found;
}

std::vector<LatentWriteFinding> map_latent_writes(const std::vector<ViewWrite>& writes, const CaseData& data) {
  std::vector<LatentWriteFinding> found;
  for (const ViewWrite& w : writes) {
    for (const Buffer& b : data.buffers) {
      if (b.role != Role::Persistent || !b.tensor.defined() || b.tensor.storage().get() != w.storage) continue;
      auto same = std::find_if(found.begin(), found.end(),
                               [&](const LatentWriteFinding& f) { return f.buffer == b.name && f.op == w.op; });
      if (same == found.end()) same = found.insert(found.end(), LatentWriteFinding{b.name, w.op, w.view, 0, 0, 0, false, ""});
      same->calls += 1;
      same->elements_written += w.elements_written;
      same->elements_changed += w.elements_changed;
      break;
    }
  }
  return found;
}

}  // namespace clampbench
