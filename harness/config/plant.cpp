// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/config/plant.h"

#include <stdexcept>

namespace clampbench {

std::optional<DelayPlant> parse_delay_plant(const std::string& plant) {
  if (plant.rfind("delay:", 0) != 0) return std::nullopt;
  const std::string rest = plant.substr(6);
  const auto colon = rest.find(':');
  DelayPlant p;
  std::size_t used = 0;
  try {
    p.ratio = std::stod(rest.substr(0, colon), &used);
  } catch (const std::exception&) {
    used = std::string::npos;
  }
  if (used != rest.substr(0, colon).size() || !(p.ratio > 1.0 && p.ratio <= 10.0))
    throw std::invalid_argument("delay plant ratio must be a number above 1 and at most 10");
  if (colon != std::string::npos) {
    p.suite = rest.substr(colon + 1);
    if (p.suite.empty()) throw std::invalid_argument("delay plant suite is empty");
  }
  return p;
}

Plant Plant::parse(const std::string& text) {
  Plant p;
  p.text_ = text;
  if (text.empty()) return p;
  if (text == "slowdown") {
    p.kind_ = Kind::Slowdown;
  } else if (text == "instructions") {
    p.kind_ = Kind::Instructions;
  } else if (text == "allocation") {
    p.kind_ = Kind::Allocation;
  } else if ((p.delay_ = parse_delay_plant(text))) {
    p.kind_ = Kind::Delay;
  } else {
    throw std::invalid_argument("not a plant (slowdown, instructions, allocation, delay:R[:SUITE])");
  }
  return p;
}

}  // namespace clampbench
