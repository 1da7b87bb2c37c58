// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host cost in words, and one variant's against another's.

#include "harness/checks/host_cost_diff.h"

#include <cstdint>
#include <map>
#include <vector>

#include <fmt/format.h>

namespace clampbench {
namespace {

using Counts = std::map<std::string, std::int64_t>;

std::string listed(const Counts& counts) {
  std::vector<std::string> parts;
  for (const auto& [name, n] : counts) parts.push_back(n == 1 ? name : fmt::format("{} x{}", name, n));
  return fmt::format("{}", fmt::join(parts, ", "));
}

// `a` minus `b`, by name, positive counts only.
Counts beyond(const Counts& a, const Counts& b) {
  Counts out;
  for (const auto& [name, n] : a) {
    const auto it = b.find(name);
    const std::int64_t extra = n - (it == b.end() ? 0 : it->second);
    if (extra > 0) out[name] = extra;
  }
  return out;
}

// "1 sync", "2 syncs".
std::string counted(std::int64_t n, const char* one, const char* many) { return fmt::format("{} {}", n, n == 1 ? one : many); }

std::string moved(const char* what, std::int64_t base, std::int64_t head) {
  return base == head ? "" : fmt::format("{} {} -> {}", what, base, head);
}

}  // namespace

std::string describe(const HostCost& c) {
  std::string out = counted(c.ops, "op", "ops") + ", " + counted(c.launches, "launch", "launches") + ", " +
                    counted(c.syncs, "sync", "syncs");
  if (!c.sync_ops.empty()) out += " (" + listed(c.sync_ops) + ")";
  if (c.h2d_copies + c.d2h_copies > 0) out += fmt::format(", copies {} to the device and {} to the host", c.h2d_copies, c.d2h_copies);
  if (c.check_syncs > 0) out += ", " + counted(c.check_syncs, "index-check readback", "index-check readbacks");
  return out;
}

std::string describe_diff(const std::string& head_name, const HostCost& base, const HostCost& head) {
  const Counts added = beyond(head.by_op, base.by_op), removed = beyond(base.by_op, head.by_op);
  std::string out = head_name;
  if (added.empty() && removed.empty()) out += " dispatches the same ops";
  else if (removed.empty()) out += " dispatches " + listed(added) + " more";
  else if (added.empty()) out += " dispatches no " + listed(removed);
  else out += " dispatches " + listed(added) + " instead of " + listed(removed);
  std::vector<std::string> counts;
  for (std::string m : {moved("ops", base.ops, head.ops), moved("launches", base.launches, head.launches),
                        moved("syncs", base.syncs, head.syncs), moved("copies to the device", base.h2d_copies, head.h2d_copies),
                        moved("copies to the host", base.d2h_copies, head.d2h_copies)})
    if (!m.empty()) counts.push_back(std::move(m));
  const Counts new_syncs = beyond(head.sync_ops, base.sync_ops), gone_syncs = beyond(base.sync_ops, head.sync_ops);
  if (!new_syncs.empty()) counts.push_back("new syncs: " + listed(new_syncs));
  if (!gone_syncs.empty()) counts.push_back("syncs gone: " + listed(gone_syncs));
  out += counts.empty() ? "; launches and syncs the same" : "; " + fmt::format("{}", fmt::join(counts, ", "));
  return out;
}

}  // namespace clampbench
