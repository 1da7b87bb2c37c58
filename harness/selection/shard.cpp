// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/selection/shard.h"

#include <charconv>

#include <fmt/format.h>

#include "harness/usage_error.h"

namespace clampbench {

namespace {
// A whole decimal number of `text` (digits only: no sign, no space); false otherwise.
bool whole_number(const std::string& text, int& out) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size();
}
}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  Shard s;
  if (slash == std::string::npos || !whole_number(text.substr(0, slash), s.index) ||
      !whole_number(text.substr(slash + 1), s.count))
    throw UsageError(fmt::format("bad shard '{}' (I/N: shard I of N, e.g. 1/3)", text));
  if (s.count < 1 || s.count > kMaxShards)
    throw UsageError(fmt::format("bad shard '{}': N must be from 1 to {}", text, kMaxShards));
  if (s.index < 1 || s.index > s.count)
    throw UsageError(fmt::format("bad shard '{}': I must be from 1 to N ({})", text, s.count));
  return s;
}

std::uint64_t fnv1a64(const std::string& bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

int shard_of(const std::string& case_id, int count) {
  return static_cast<int>(fnv1a64(case_id) % static_cast<std::uint64_t>(count)) + 1;
}

}  // namespace clampbench
