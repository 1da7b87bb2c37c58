// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// read_ledger of results_json/reader.h: a variant's allocation ledger, each device's counters
// and the "total" the writer derives from them (ledger_total). The total is read as a count
// like the others and must equal the devices' sum: a gate reads the total, so a file whose
// total says 8 where its devices say 9 is refused rather than judged by either.

#include <fmt/format.h>

#include "harness/results_json/reader.h"

namespace clampbench {

namespace {
using json = nlohmann::json;

// The unsigned counts by the name the writer gives them (writer_case.cpp, counters_json).
constexpr std::pair<const char*, std::uint64_t LedgerCounters::*> kCounts[] = {
    {"allocations", &LedgerCounters::allocations}, {"frees", &LedgerCounters::frees},
    {"bytes_requested", &LedgerCounters::bytes_requested}, {"bytes_reserved", &LedgerCounters::bytes_reserved},
    {"segments_created", &LedgerCounters::segments_created},
    {"segments_released", &LedgerCounters::segments_released},
    {"segment_bytes_created", &LedgerCounters::segment_bytes_created}};

LedgerCounters counters(const json& j) {
  LedgerCounters c;
  for (const auto& [key, field] : kCounts) c.*field = read_count<std::uint64_t>(j.at(key));
  c.peak_bytes = read_integer<std::int64_t>(j.at("peak_bytes"));  // relative to the scope's start: may be negative
  return c;
}

// Throws FigureError at `total`'s `key` when it is not the devices' sum of `field`. The sum
// is checked for overflow: wrapped, it could equal a total the devices do not add up to.
template <typename T>
void check_sum(const json& total, const char* key, T LedgerCounters::*field, const LedgerCounters& read,
               const PerDevice& devices) {
  T sum = 0;
  bool beyond = false;
  for (const auto& d : devices) beyond = beyond || __builtin_add_overflow(sum, d.*field, &sum);
  if (beyond || sum != read.*field)
    throw FigureError(total.at(key), fmt::format("{} is not the sum of the devices' {} ({})", read.*field, key,
                                                 beyond ? "beyond 64 bits" : std::to_string(sum)));
}
}  // namespace

std::optional<PerDevice> read_ledger(const json& j) {
  if (j.is_null()) return std::nullopt;
  PerDevice devices{};
  for (const auto& [name, c] : j.items())
    if (name != "total") devices[static_cast<int>(read_device(json(name)))] = counters(c);
  // Every field ledger_total sums (peak_bytes: the sum of the devices' peaks), as the writer
  // writes it; current_bytes is neither written nor read.
  const json& total = j.at("total");
  const LedgerCounters read = counters(total);
  for (const auto& [key, field] : kCounts) check_sum(total, key, field, read, devices);
  check_sum(total, "peak_bytes", &LedgerCounters::peak_bytes, read, devices);
  return devices;
}

}  // namespace clampbench
