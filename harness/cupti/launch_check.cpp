// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The host cost's launches and copies against CUPTI's kernel and memcpy records.

#include "harness/cupti/launch_check.h"

#include <cstdint>

#include <fmt/format.h>

namespace clampbench::cupti {

CrossCheck cross_check_launches(const ScopeStats& cupti, const HostCost& cost) {
  if (!cupti.available) return {CrossCheckStatus::NotComparable, "CUPTI unavailable: " + cupti.reason};
  if (cupti.dropped_records > 0)
    return {CrossCheckStatus::NotComparable, fmt::format("CUPTI dropped {} records in the scope", cupti.dropped_records)};
  const auto launches = static_cast<std::uint64_t>(cost.launches);
  const auto copies = static_cast<std::uint64_t>(cost.h2d_copies + cost.d2h_copies + cost.check_syncs);
  const std::string detail = fmt::format("kernels: CUPTI {}, host cost {}; memcpy records: CUPTI {}, host cost at least {}",
                                         cupti.kernels, launches, cupti.memcpy_count, copies);
  const bool agree = cupti.kernels == launches && cupti.memcpy_count >= copies;
  return {agree ? CrossCheckStatus::Agree : CrossCheckStatus::Disagree, detail};
}

}  // namespace clampbench::cupti
