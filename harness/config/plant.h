// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// --plant: a known change for checking the gate end to end (clampbench-gate-check), parsed once
// into a typed setting that the measuring passes ask, so that none of them compares strings.
// The results record it as given (environment.plant).

#include <optional>
#include <string>

namespace clampbench {

// delay:R[:SUITE]: every timed call (of SUITE) followed by a stall that makes it R times as long
// (harness/runner/planted_delay.h).
struct DelayPlant {
  double ratio = 1.0;   // the planted call's time over the builder's
  std::string suite;    // empty: every suite
  bool applies_to(const std::string& s) const { return suite.empty() || suite == s; }
};

class Plant {
 public:
  enum class Kind {
    None,
    Slowdown,      // every timed call runs the builder twice
    Instructions,  // every counted call retires 10% more (a calibrated loop after it)
    Allocation,    // every builder call makes one more 64-byte allocation
    Delay,         // see DelayPlant
  };

  Plant() = default;
  // "" (none), "slowdown", "instructions", "allocation" or "delay:R[:SUITE]"; throws
  // std::invalid_argument naming what is wrong.
  static Plant parse(const std::string& text);

  Kind kind() const { return kind_; }
  const std::string& text() const { return text_; }
  // How many times a timed call runs the builder.
  int builder_runs() const { return kind_ == Kind::Slowdown ? 2 : 1; }
  // The share of a counted call's instructions added after it.
  double instruction_share() const { return kind_ == Kind::Instructions ? 0.1 : 0.0; }
  bool extra_allocation() const { return kind_ == Kind::Allocation; }
  const std::optional<DelayPlant>& delay() const { return delay_; }

 private:
  Kind kind_ = Kind::None;
  std::string text_;
  std::optional<DelayPlant> delay_;
};

// The delay plant named by a --plant value, nullopt for another plant; throws
// std::invalid_argument for a malformed one (ratio not in (1, 10], empty suite).
std::optional<DelayPlant> parse_delay_plant(const std::string& plant);

}  // namespace clampbench
