// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/session/run_eta.h"

#include <cmath>

#include <fmt/format.h>

namespace clampbench {

std::string short_duration(double seconds) {
  if (!(seconds >= 0)) seconds = 0;
  if (seconds < 10) return fmt::format("{:.1f}s", seconds);
  const long s = std::lround(seconds);
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
}

std::string elapsed_and_eta(double elapsed_s, std::size_t ran, std::size_t left) {
  const double per_case = ran > 0 ? elapsed_s / static_cast<double>(ran) : 0;
  return fmt::format("elapsed {}, eta {}", short_duration(elapsed_s), short_duration(per_case * static_cast<double>(left)));
}

}  // namespace clampbench
