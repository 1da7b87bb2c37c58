// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Token histories for the n-gram proposer suites: rows written like real text that repeats
// itself (runs copied from earlier in the row, LZ77 style, between fresh tokens drawn from a
// small vocabulary), so that trailing n-grams have earlier occurrences and matches exist.

#include <cstdint>
#include <vector>

#include "suites/detail/rng.h"

namespace clampbench::suites::detail {

// Token ids are drawn from [1, kNgramVocab); 0 fills the unused tail of each row.
inline constexpr std::int64_t kNgramVocab = 32;
// The proposer's min_n (the shortest n-gram it matches) in ngram_propose, as the upstream check
// builds NgramProposerGPU.
inline constexpr std::int64_t kNgramProposeMinN = 1;

// Row-major [seq_lens.size(), row_len]: row r holds seq_lens[r] tokens, then zeros.
inline std::vector<std::int32_t> make_token_history(Rng& rng, const std::vector<std::int32_t>& seq_lens,
                                                    std::int64_t row_len) {
  std::vector<std::int32_t> tokens(seq_lens.size() * static_cast<std::size_t>(row_len), 0);
  for (std::size_t r = 0; r < seq_lens.size(); ++r) {
    std::int32_t* row = tokens.data() + r * static_cast<std::size_t>(row_len);
    std::int64_t i = 0;
    while (i < seq_lens[r]) {
      if (i >= 8 && rng.chance(1, 2)) {
        // Copy a run from earlier in the row; overlapping copies repeat short patterns.
        std::int64_t src = rng.uniform(0, i - 1);
        for (std::int64_t left = rng.uniform(2, 12); left > 0 && i < seq_lens[r]; --left) row[i++] = row[src++];
      } else {
        row[i++] = static_cast<std::int32_t>(rng.uniform(1, kNgramVocab - 1));
      }
    }
  }
  return tokens;
}

}  // namespace clampbench::suites::detail
