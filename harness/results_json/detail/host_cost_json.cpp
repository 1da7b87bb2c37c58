// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The "host_cost" block of a variant, written and read back. Its parts must agree (by_op adds
// up to ops, sync_ops to syncs, every copy to host is a sync): a reader that let them disagree
// would let a gate judge a count the file contradicts.

#include <fmt/format.h>

#include "harness/results_json/figures.h"
#include "harness/results_json/reader.h"
#include "harness/results_json/writer.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

std::int64_t read_named_counts(const json& j, std::map<std::string, std::int64_t>& out) {
  if (!j.is_object()) throw FigureError(j, "expected an object of counts by op name");
  std::int64_t total = 0;
  for (const auto& [name, count] : j.items()) {
    const auto n = read_count<std::int64_t>(count);
    if (n == 0) throw FigureError(count, fmt::format("a zero count for '{}': ops that did not run are left out", name));
    out[name] = n;
    // Counts this large are made up; wrapped, their sum could equal ops or syncs.
    if (__builtin_add_overflow(total, n, &total))
      throw FigureError(j, fmt::format("its counts add up to more than {}", std::numeric_limits<std::int64_t>::max()));
  }
  return total;
}
}  // namespace

json to_json(const std::optional<HostCost>& cost) {
  if (!cost) return nullptr;
  return {{"version", kHostCostVersion}, {"ops", cost->ops}, {"by_op", cost->by_op},
          {"launches", cost->launches}, {"syncs", cost->syncs}, {"sync_ops", cost->sync_ops},
          {"h2d_copies", cost->h2d_copies}, {"d2h_copies", cost->d2h_copies}, {"check_syncs", cost->check_syncs}};
}

std::optional<HostCost> read_host_cost(const json& j) {
  if (j.is_null()) return std::nullopt;
  const json& version = j.at("version");
  if (version != kHostCostVersion)
    throw FigureError(version, fmt::format("host_cost version {}; this build reads version {}", version.dump(),
                                           kHostCostVersion));
  HostCost c;
  c.ops = read_count<std::int64_t>(j.at("ops"));
  c.launches = read_count<std::int64_t>(j.at("launches"));
  c.syncs = read_count<std::int64_t>(j.at("syncs"));
  c.h2d_copies = read_count<std::int64_t>(j.at("h2d_copies"));
  c.d2h_copies = read_count<std::int64_t>(j.at("d2h_copies"));
  c.check_syncs = read_count<std::int64_t>(j.at("check_syncs"));
  if (read_named_counts(j.at("by_op"), c.by_op) != c.ops)
    throw FigureError(j.at("by_op"), fmt::format("host_cost.by_op does not add up to its ops ({})", c.ops));
  if (read_named_counts(j.at("sync_ops"), c.sync_ops) != c.syncs)
    throw FigureError(j.at("sync_ops"), fmt::format("host_cost.sync_ops does not add up to its syncs ({})", c.syncs));
  if (c.d2h_copies > c.syncs)
    throw FigureError(j.at("d2h_copies"), "host_cost: more copies to host than syncs (each such copy is one)");
  return c;
}

}  // namespace clampbench
