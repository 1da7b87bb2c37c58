// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The arithmetic of the fused next-token update, shared by the host loop and the
// CUDA kernel. Per request row: the samples with discarded rows set to -1; the count of valid
// ones (!= -1 and < vocab); next token = the sample at index count - 1 when count > 0 (the
// test clamp makes before its clamp), else the history token at max(num_tokens - 1, 0).
// The fused ngram_update kernel: one thread per request row runs the host loop's row body.

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

struct UpdateRowOut {
  Ref1<std::int32_t> valid_sampled;  // [W]
  std::int32_t* next_token;
  std::int32_t* valid_count;
};

// False when the backup index falls outside the history row (the eager gather rejects it);
// nothing is read there and the outputs of the row are still written, with backup 0.
CB_HD bool ngram_update_row(Ref1<const std::int32_t> history, std::int32_t num_tokens, bool discard,
                                  Ref1<const std::int32_t> sampled, std::int64_t vocab, UpdateRowOut out) {
  const std::int32_t backup_index = num_tokens - 1 < 0 ? 0 : num_tokens - 1;
  const bool in_row = backup_index < history.size;
  const std::int32_t backup = in_row ? history[backup_index] : 0;
  std::int32_t count = 0;
  for (std::int64_t j = 0; j < sampled.size; ++j) {
    const std::int32_t v = discard ? -1 : sampled[j];
    out.valid_sampled[j] = v;
    count += (v != -1 && v < vocab) ? 1 : 0;
  }
  *out.valid_count = count;
  *out.next_token = count != 0 ? out.valid_sampled[count - 1] : backup;
  return in_row;
}

// The kernel (kernels/custom_kernel.h): element r is request row r. False where the backup
// index falls outside the row: the host loop throws there, a device reads nothing and stores 0.
struct NgramUpdateRows {
  Ref2<const std::int32_t> token_ids;
  Ref1<const std::int32_t> num_tokens_no_spec;
  Ref1<const bool> discard;
  Ref2<const std::int32_t> sampled;
  std::int64_t vocab = 0;
  Ref1<std::int32_t> next_token_ids, valid_count;
  Ref2<std::int32_t> valid_sampled;
  CB_HD bool operator()(std::int64_t r) const {
    return ngram_update_row(token_ids.row(r), num_tokens_no_spec[r], discard[r], sampled.row(r), vocab,
                            {valid_sampled.row(r), &next_token_ids[r], &valid_count[r]});
  }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::NgramUpdateRows);
