// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// `run --shard I/N`: which of N shards a case belongs to. The rule depends on the case id
// alone -- FNV-1a (64-bit) of its bytes, modulo N, plus one -- so a case stays in its shard
// when cases are added to or dropped from a suite, and N processes (or CI jobs) that select
// the same cases split them without talking to each other. `clampbench merge` checks each
// shard's cases against the same rule.

#include <cstdint>
#include <string>

#include "harness/config/run_config.h"

namespace clampbench {

// The most shards: far past any CI matrix, small enough for one line of usage text.
inline constexpr int kMaxShards = 1000;

// "I/N" with 1 <= I <= N <= kMaxShards; throws UsageError naming the text otherwise.
Shard parse_shard(const std::string& text);

std::uint64_t fnv1a64(const std::string& bytes);
// The shard (1..count) that holds `case_id`.
int shard_of(const std::string& case_id, int count);

}  // namespace clampbench
