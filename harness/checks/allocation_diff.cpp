// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/checks/allocation_diff.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace clampbench {
namespace {

bool same_allocation(const TracedAllocation& a, const TracedAllocation& b) {
  return a.op == b.op && a.tag == b.tag && a.dtype == b.dtype && a.shape == b.shape && a.bytes == b.bytes &&
         a.device == b.device;
}

// The entries of `from` left after striking, for each entry of `strike`, one equal entry.
std::vector<TracedAllocation> minus(const std::vector<TracedAllocation>& from, const std::vector<TracedAllocation>& strike) {
  std::vector<bool> used(strike.size(), false);
  std::vector<TracedAllocation> left;
  for (const auto& a : from) {
    bool matched = false;
    for (std::size_t i = 0; i < strike.size() && !matched; ++i) {
      if (!used[i] && same_allocation(a, strike[i])) used[i] = matched = true;
    }
    if (!matched) left.push_back(a);
  }
  return left;
}

// Equal descriptions once each, in first-seen order, with " x2" when repeated.
std::string list(const std::vector<TracedAllocation>& v) {
  std::vector<std::pair<std::string, int>> seen;
  for (const auto& a : v) {
    const std::string d = describe(a);
    auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == d; });
    if (it == seen.end()) seen.emplace_back(d, 1);
    else ++it->second;
  }
  std::string out;
  for (const auto& [d, n] : seen) out += (out.empty() ? "" : ", ") + d + (n > 1 ? fmt::format(" x{}", n) : "");
  return out;
}

}  // namespace

AllocationDiff diff_allocations(const std::vector<TracedAllocation>& base, const std::vector<TracedAllocation>& head) {
  return {minus(base, head), minus(head, base)};
}

std::string describe(const TracedAllocation& a) {
  const std::string where = a.tag.empty() ? "" : " at " + a.tag;
  const std::string device = a.device == DeviceType::Host ? "" : fmt::format(" {}", device_name(a.device));
  return fmt::format("{}{} ({} {}{}, {} B)", a.op, where, dtype_name(a.dtype), a.shape.str(), device, a.bytes);
}

std::string describe_diff(const std::string& head_name, const AllocationDiff& d) {
  std::string out = d.saved.empty() ? head_name + " saves nothing" : head_name + " saves: " + list(d.saved);
  if (!d.added.empty()) out += "; allocates instead: " + list(d.added);
  return out;
}

}  // namespace clampbench
