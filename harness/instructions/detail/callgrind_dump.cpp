// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/instructions/detail/callgrind_dump.h"

#include <array>
#include <charconv>
#include <limits>
#include <string_view>
#include <stdexcept>

#include <fmt/format.h>

namespace clampbench::detail {

namespace {
bool take(std::string_view line, std::string_view key, std::string& rest) {
  if (line.substr(0, key.size()) != key) return false;
  rest = line.substr(key.size());
  return true;
}
}  // namespace

std::int64_t callgrind_dump_total(std::istream& dump, const std::string& label) {
  std::array<char, 4096> line{};
  std::string rest, trigger, events, total;
  bool format_seen = false;
  while (dump.getline(line.data(), line.size()) || (dump.fail() && !dump.eof() && !dump.bad())) {
    if (dump.fail()) {  // a line longer than the buffer: no key the total needs
      dump.clear();
      dump.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
      continue;
    }
    const std::string_view l(line.data());
    if (l == "# callgrind format") format_seen = true;
    else if (take(l, "desc: Trigger: ", rest)) trigger = rest;
    else if (take(l, "events: ", rest)) events = rest;
    else if (take(l, "summary: ", rest) || take(l, "totals: ", rest)) total = rest;
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
