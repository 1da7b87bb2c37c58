// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// --plant delay:R[:SUITE]: a slowdown of a known size that the exact figures do not see, so that
// a gate check measures the time gate's own power. Every timed call of a builder (of SUITE
// only, when given) is followed by a memory-bound stall: a dependent pointer chase through a
// 64 MiB buffer of randomly linked cache lines (each step a load that misses the core's caches,
// one instruction of address arithmetic), as long as R - 1 times the builder's own call, so
// the timed call takes R times as long. The stall is calibrated per variant in thread CPU time
// (the host's primary time) before the timing loop; it runs only in the timing pass and its
// buffer is not the runtime's, so allocations and counted instructions do not change
// (tests/e2e/check_delay_plant.py).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "harness/config/plant.h"

namespace clampbench {

// Steps of the stall (fractional) that last (ratio - 1) x call_s, given one step's time; 0 when
// ratio <= 1.
double stall_steps(double ratio, double call_s, double step_s);

// Whole steps per call whose running sum follows a fractional length: a call shorter than one
// step (tens of nanoseconds) is delayed by one step every few calls, on average by its share.
class StepAccumulator {
 public:
  explicit StepAccumulator(double per_call) : per_call_(per_call) {}
  std::int64_t next();

 private:
  double per_call_;
  double owed_ = 0;
};

class MemoryStall {
 public:
  explicit MemoryStall(std::size_t bytes = std::size_t{64} << 20, std::uint64_t seed = 1);
  // Follows `steps` links; the returned position keeps the chase from being optimised away.
  std::uint32_t chase(std::int64_t steps);
  std::size_t lines() const;

 private:
  std::vector<std::uint32_t> next_;  // one link per 64-byte line, a single random cycle
  std::uint32_t at_ = 0;
};

// STEPS rescaled so that a call measured at CALL_S, delayed to DELAYED_S, is RATIO as long; the
// factor is kept within [0.5, 2] per round.
double corrected_steps(double steps, double ratio, double call_s, double delayed_s);

// Thread CPU seconds of one call of `fn`: the fastest of 5 batches of `per_batch` calls (the
// least disturbed by other work on a shared machine).
double cpu_seconds_per_call(const std::function<void()>& fn, std::int64_t per_batch);

// `call` followed by a stall calibrated to make it `ratio` times as long (see above).
std::function<void()> delayed_call(std::function<void()> call, MemoryStall& stall, double ratio);


}  // namespace clampbench
