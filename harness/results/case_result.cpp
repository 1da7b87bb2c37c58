// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/results/case_result.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace clampbench {

const char* verdict_name(Verdict v) {
  switch (v) {
    case Verdict::Same: return "same";
    case Verdict::OutputMismatch: return "output_mismatch";
    case Verdict::Mutation: return "mutation";
    case Verdict::Error: return "error";
  }
  return "?";
}

bool parse_verdict(const std::string& text, Verdict& out) {
  for (Verdict v : {Verdict::Same, Verdict::OutputMismatch, Verdict::Mutation, Verdict::Error}) {
    if (text == verdict_name(v)) { out = v; return true; }
  }
  return false;
}

bool VariantResult::order_writes_as_expected() const {
  return order_writes_vanished.empty() &&
         std::all_of(order_dependent_writes.begin(), order_dependent_writes.end(),
                     [](const OrderWriteFinding& f) { return f.expected; });
}

bool VariantResult::latent_writes_as_expected() const {
  return latent_writes_vanished.empty() && std::all_of(latent_writes.begin(), latent_writes.end(),
                                                       [](const LatentWriteFinding& f) { return f.expected; });
}

namespace {
// Linear interpolation between closest ranks (numpy's default percentile).
double percentile(const std::vector<double>& sorted, double q) {
  if (sorted.empty()) return 0;
  const double pos = q * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const auto hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - static_cast<double>(lo));
}
}  // namespace

Stats summarize(std::vector<double> samples) {
  Stats s;
  s.samples = samples;
  if (samples.empty()) return s;
  std::sort(samples.begin(), samples.end());
  s.median = percentile(samples, 0.5);
  s.p10 = percentile(samples, 0.1);
  s.p90 = percentile(samples, 0.9);
  s.mean = std::accumulate(samples.begin(), samples.end(), 0.0) / static_cast<double>(samples.size());
  double ss = 0;
  for (double x : samples) ss += (x - s.mean) * (x - s.mean);
  // Sample standard deviation, as Google Benchmark's "stddev" aggregate.
  s.stdev = samples.size() > 1 ? std::sqrt(ss / static_cast<double>(samples.size() - 1)) : 0.0;
  return s;
}

LedgerCounters ledger_total(const PerDevice& d) {
  LedgerCounters t;
  for (const auto& c : d) {
    t.allocations += c.allocations; t.frees += c.frees;
    t.bytes_requested += c.bytes_requested; t.bytes_reserved += c.bytes_reserved;
    t.peak_bytes += c.peak_bytes;
    t.segments_created += c.segments_created; t.segments_released += c.segments_released;
    t.segment_bytes_created += c.segment_bytes_created;
  }
  return t;
}

bool saved_vs(const VariantResult& reference, const VariantResult& v, std::int64_t& allocations,
              std::int64_t& bytes_requested) {
  if (!reference.ledger_valid || !v.ledger_valid) return false;
  const LedgerCounters a = ledger_total(reference.ledger), b = ledger_total(v.ledger);
  allocations = static_cast<std::int64_t>(a.allocations) - static_cast<std::int64_t>(b.allocations);
  bytes_requested = static_cast<std::int64_t>(a.bytes_requested) - static_cast<std::int64_t>(b.bytes_requested);
  return true;
}

}  // namespace clampbench
