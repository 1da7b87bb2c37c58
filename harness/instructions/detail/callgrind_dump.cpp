// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/detail/callgrind_dump.h"

#include <charconv>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>

namespace clampbench::detail {

namespace {
bool take(const std::string& line, const char* key, std::string& rest) {
  const std::string k = key;
  if (line.rfind(k, 0) != 0) return false;
  rest = line.substr(k.size());
  return true;
}
}  // namespace

std::int64_t callgrind_dump_total(const std::string& text, const std::string& label) {
  std::istringstream in(text);
  std::string line, rest, trigger, events, total;
  bool format_seen = false;
  while (std::getline(in, line)) {
    if (line == "# callgrind format") format_seen = true;
    else if (take(line, "desc: Trigger: ", rest)) trigger = rest;
    else if (take(line, "events: ", rest)) events = rest;
    else if (take(line, "summary: ", rest) || take(line, "totals: ", rest)) total = rest;
  }
  if (!format_seen) throw std::runtime_error("not a callgrind dump");
  if (trigger != "Client Request: " + label)
    throw std::runtime_error(fmt::format("callgrind dump for '{}' was triggered by '{}'", label, trigger));
  if (events.rfind("Ir", 0) != 0) throw std::runtime_error(fmt::format("callgrind dump events '{}', not Ir", events));
  std::int64_t value = -1;
  const std::string first = total.substr(0, total.find(' '));
  const auto [end, ec] = std::from_chars(first.data(), first.data() + first.size(), value);
  if (first.empty() || ec != std::errc() || end != first.data() + first.size() || value < 0)
    throw std::runtime_error(fmt::format("callgrind dump for '{}' has no instruction total", label));
  return value;
}

}  // namespace clampbench::detail
