// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The eager op sequence of _find_first_and_extract_all_n_parallel, op for op as vLLM writes
// it (x[batch_indices, i] is aten::index, as Python's advanced indexing dispatches it).
// Allocations per call (one per out-of-place op), with N = max_n - min_n + 1:
//   before the loop  3            ngram_lengths arange, batch_indices arange,
//                                 first_match_positions full
//   per n-gram size 16 (15)       sub, arange, add, [clamp], gather, eq, all, sub, sub,
//                                 arange, le, and, .int(), argmax, index, where
//   after the loop  22 (21)       ge, .int(), flip, argmax, rsub, index, ge, index, add,
//                                 zeros_like, where, sub, arange, add, [clamp], gather,
//                                 arange, lt, full_like, where, full_like, where
//   clamp: 25 + 16 N    clamp_: 24 + 15 N.

#include <cstdint>

#include "kernels/ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/ngram_range.h"

namespace clampbench::suites::detail {

// token_ids int32 [B, L], seq_lengths int32 [B] -> draft tokens int32 [B, k], -1 = none.
inline Tensor find_first_and_extract_all_n_parallel(const Tensor& token_ids, const Tensor& seq_lengths,
                                                    std::int64_t min_n, std::int64_t max_n, std::int64_t k,
                                                    ClampMode mode) {
  const std::int64_t batch = token_ids.size(0);
  const std::int64_t max_seq_len = token_ids.size(1);
  const std::int64_t num_sizes = max_n - min_n + 1;
  const DeviceType dev = token_ids.device();

  Tensor ngram_lengths = arange(min_n, max_n + 1, 1, DType::Int64, dev);
  Tensor batch_indices = arange(batch, DType::Int64, dev);
  Tensor first_match_positions = full({batch, num_sizes}, -1, DType::Int64, dev);

  for (std::int64_t i = 0; i < num_sizes; ++i) {
    const std::int64_t n = min_n + i;
    const Tensor windows = token_ids.unfold(1, n, 1);  // view [B, L - n + 1, n]
    const std::int64_t num_windows = windows.size(1);

    // The trailing n-gram; suffix_starts < 0 when seq_length < n, hence the clamp.
    Tensor suffix_starts = sub(seq_lengths, n);
    Tensor suffix_indices = add(suffix_starts.unsqueeze(1), arange(n, DType::Int64, dev));
    suffix_indices = clamp_as(mode, suffix_indices, 0);
    Tensor suffix = gather(token_ids, 1, suffix_indices);

    Tensor matches = all(eq(windows, suffix.unsqueeze(1)), -1);
    // A match must leave room for one draft token (this also excludes the suffix itself).
    Tensor max_valid_suffix_start = sub(sub(seq_lengths, n), 1);
    Tensor valid_mask = le(arange(num_windows, DType::Int64, dev), max_valid_suffix_start.unsqueeze(1));
    Tensor final_matches = logical_and(matches, valid_mask);

    Tensor first_match_idx = argmax(to(final_matches, DType::Int32), 1);
    Tensor has_match = index(final_matches, {batch_indices, first_match_idx});
    Tensor column = first_match_positions.select(1, i);
    copy_(column, where(has_match, first_match_idx, -1));
  }

  // The longest n-gram with a match: argmax over the reversed columns, flipped back.
  Tensor flipped = flip(to(ge(first_match_positions, 0), DType::Int32), 1);
  Tensor best_ngram_idx = rsub(argmax(flipped, 1), num_sizes - 1);
  Tensor best_match_pos = index(first_match_positions, {batch_indices, best_ngram_idx});
  Tensor has_any_match = ge(best_match_pos, 0);
  Tensor best_ngram_lengths = index(ngram_lengths, {best_ngram_idx});

  Tensor draft_start = where(has_any_match, add(best_match_pos, best_ngram_lengths),
                             full({batch}, 0, DType::Int64, dev));
  Tensor tokens_available = sub(seq_lengths, draft_start);
  Tensor draft_indices = add(draft_start.unsqueeze(1), arange(k, DType::Int64, dev));
  draft_indices = clamp_as(mode, draft_indices, 0, max_seq_len - 1);
  Tensor draft_tokens = gather(token_ids, 1, draft_indices);

  Tensor valid_positions = lt(arange(k, DType::Int64, dev).unsqueeze(0), tokens_available.unsqueeze(1));
  draft_tokens = where(valid_positions, draft_tokens, full({batch, k}, -1, DType::Int32, dev));
  draft_tokens = where(has_any_match.unsqueeze(1), draft_tokens, full({batch, k}, -1, DType::Int32, dev));
  return draft_tokens;
}

}  // namespace clampbench::suites::detail
