// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the runner finds for one case (suite x parameter point): plain data that the results
// writer, the dump and the progress line read. Field names follow results/SCHEMA.md.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/checks/tensor_compare.h"
#include "harness/cupti/cross_check.h"
#include "kernels/allocation_trace.h"
#include "kernels/host_cost.h"
#include "kernels/ledger.h"
#include "suites/suite.h"

namespace clampbench {

enum class Verdict { Same, OutputMismatch, Mutation, Error };
const char* verdict_name(Verdict v);
bool parse_verdict(const std::string& text, Verdict& out);

struct Stats {  // nanoseconds per call over repetitions
  double median = 0, p10 = 0, p90 = 0, mean = 0, stdev = 0;
  std::vector<double> samples;
};
Stats summarize(std::vector<double> samples);

struct Timing {
  std::string primary;  // "device" (cuda) or "wall" (host)
  int repetitions = 0;          // samples taken (harness/timing/detail/interleaved_loop.h)
  std::int64_t iterations = 0;  // calls per sample (the calibrated batch)
  std::optional<Stats> device;
  Stats wall, cpu;
  double noise = 0;             // relative standard error of the primary time's mean
  bool converged = false;       // noise <= the run's max_noise with at least min samples
  std::string stop_reason;      // why the case's sampling stopped
  int rounds = 0;               // interleaved rounds of the case
  std::optional<Stats> paired;  // per-round ratio of the primary time to `paired_vs`'s
  std::string paired_vs;        // the reference variant (none for the reference itself)
};

struct ReaderReport {
  std::string reader;
  std::optional<std::string> error;
  std::vector<TensorMismatch> mismatches;  // vs the reference variant's reader
};

// An indexed write of the builder call that hit one element of a runner-owned Persistent or
// PersistentWritable buffer several times with differing values: its result depends on the
// order of the writes (kernels/write_order.h). A flag beside the verdict, with its own
// expectations (results/SCHEMA.md).
struct OrderWriteFinding {
  std::string buffer;
  Role role = Role::Persistent;
  std::string op;                        // "scatter_", or the fused builder's name
  std::int64_t duplicates = 0;           // elements written with differing values
  std::vector<std::int64_t> first_index; // the lowest of them in the buffer; empty if outside its view
  bool expected = false;                 // listed in the expectations
  std::string reason;                    // the listing's reason
};

// An in-place write of the builder call into a runner-owned Persistent (read-only) buffer,
// whether or not it changed a value (kernels/write_order.h, ViewWrite): a latent hazard that
// one differing value makes real. Summed per (buffer, op) over the op's calls. A flag beside
// the verdict with its own expectations, like OrderWriteFinding (results/SCHEMA.md).
struct LatentWriteFinding {
  std::string buffer;
  std::string op;                     // "clamp_", "fill_", "copy_", "masked_fill_", "scatter_"
  std::string view;                   // the first call's view of the storage
  std::int64_t calls = 0;
  std::int64_t elements_written = 0;  // distinct storage elements per call, summed
  std::int64_t elements_changed = 0;  // of those, the ones whose bytes changed
  bool expected = false;
  std::string reason;
};

// A check finding -- an output (or written buffer) that differs from the reference's, or a
// Persistent buffer that changed -- that the variant's expectation does not name, names with
// another count, or names but that did not show (`vanished`). A known finding never hides a
// new one: each is matched by name, not by the verdict class it adds up to.
struct UnexpectedFinding {
  std::string kind;  // "output" | "mutation" | "consequence"
  std::string name;  // the output's (or written buffer's) name, or the changed buffer's
  std::int64_t count = 0;                      // elements that differ or changed; 0 when vanished
  std::optional<std::int64_t> expected_count;  // the count the expectation names, if it names one
  bool vanished = false;
};

struct CuptiResult {
  cupti::ScopeStats stats;
  cupti::CrossCheck cross_check;  // in the results only when CUPTI was available
  cupti::CrossCheck launch_check;  // the host cost's launches against CUPTI's kernels (the same)
};

struct VariantResult {
  std::string name;
  Verdict verdict = Verdict::Same;
  Verdict expected_verdict = Verdict::Same;
  std::string expectation_reason;
  std::optional<std::string> error;
  bool device_error = false;  // the error was a CUDA failure (exit code 3)
  PerDevice ledger{};
  bool ledger_valid = false;
  // What the driver saw of the measured call and whether it agrees with the ledger; nullopt
  // when the builder call failed.
  std::optional<CuptiResult> cupti;
  std::optional<Timing> timing;
  std::optional<std::int64_t> instructions;  // user-space instructions per call (instruction pass)
  // Ops, launches and syncs of the measured call (kernels/host_cost.h); nullopt when it failed.
  std::optional<HostCost> host_cost;
  std::vector<TensorMismatch> output_mismatches;
  std::vector<BufferChange> mutations;  // Persistent buffers that changed
  std::vector<BufferChange> writes;     // Fresh / PersistentWritable buffers that changed
  std::vector<ReaderReport> consequences;
  std::vector<OrderWriteFinding> order_dependent_writes;
  std::vector<std::string> order_writes_vanished;  // buffers listed as known that showed none
  bool order_writes_as_expected() const;
  std::vector<LatentWriteFinding> latent_writes;
  std::vector<std::string> latent_writes_vanished;  // buffers listed as known that showed none
  bool latent_writes_as_expected() const;
  // Outputs and mutations matched finding by finding (harness/verdicts/findings.h); false `findings_listed`:
  // the expectation is a class-only rule (expectations v1), so only the verdict was checked.
  bool findings_listed = false;
  std::vector<UnexpectedFinding> unexpected_findings;  // vanished ones included
  // Every finding -- outputs, mutations, order-dependent and latent writes -- as the expectations say.
  bool findings_as_expected() const {
    return unexpected_findings.empty() && order_writes_as_expected() && latent_writes_as_expected();
  }
  // Every allocation of the measured call in order, with its op (kernels/allocation_trace.h).
  std::vector<TracedAllocation> allocation_trace;
  // Allocations beyond allocation_trace: a resumed case's trace holds only what its results kept.
  std::size_t allocation_trace_dropped = 0;
  // Kept for the dump and for the comparisons against the reference.
  Outputs outputs;
  CaseData after;                      // the inputs as the measured call left them
  std::vector<HostTensor> after_host;  // host views of `after` (dump, checks); readers get `after` const
  std::vector<Outputs> reader_outputs;  // per suite reader (empty when it threw)
  bool ran = false;             // the measured call returned
};

// The ledger's counters summed over devices (peak_bytes: the sum of per-device peaks).
LedgerCounters ledger_total(const PerDevice& d);
// What `v` allocates less than `reference` (allocations, requested bytes); false when either
// has no ledger.
bool saved_vs(const VariantResult& reference, const VariantResult& v, std::int64_t& allocations,
              std::int64_t& bytes_requested);

struct CaseResult {
  std::string suite;
  std::string case_id;  // suite + "/" + label
  ParamPoint params;
  DeviceType device = DeviceType::Host;
  std::vector<VariantResult> variants;  // [0] is the reference
  double elapsed_s = 0;
};

}  // namespace clampbench
