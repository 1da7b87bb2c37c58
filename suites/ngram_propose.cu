// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The arithmetic of the fused n-gram propose scatter (as vLLM writes it), shared by
// the host loop and the CUDA kernel. Sample j of a row goes to position num_tokens + j clamped
// at L - 1; where the mask (j < count, sample != -1, num_tokens + j < L) fails, the position's
// existing value is written back. Positions below L - 1 are distinct, so writing back there
// changes nothing; but every overflowing j lands on L - 1 too, and in index order the last
// write wins -- a valid token written there is replaced by the value L - 1 held before the call.
// The fused ngram_propose kernel: one thread per request row.

#include <cstdint>

#include "kernels/kernel_source.h"
#include "suites/detail/strided.h"

namespace clampbench::suites::detail {

CB_HD std::int64_t propose_write_position(std::int64_t num_tokens, std::int64_t max_len, std::int64_t j) {
  const std::int64_t pos = num_tokens + j;
  return pos < max_len - 1 ? pos : max_len - 1;  // clamp(max=L - 1); no min, as in vLLM
}

CB_HD bool propose_masked_in(std::int64_t num_tokens, std::int64_t count, std::int32_t sample,
                                   std::int64_t max_len, std::int64_t j) {
  return j < count && sample != -1 && num_tokens + j < max_len;
}

// The value the blend writes at sample j's position; `old_last` is token_ids[r, L - 1] before
// the call (what vLLM's gather read there).
CB_HD std::int32_t propose_value(Ref1<std::int32_t> row, std::int64_t num_tokens, std::int64_t count,
                                       std::int32_t sample, std::int32_t old_last, std::int64_t j) {
  if (propose_masked_in(num_tokens, count, sample, row.size, j)) return sample;
  const std::int64_t pos = propose_write_position(num_tokens, row.size, j);
  return pos == row.size - 1 ? old_last : row[pos];
}

// One row, j in index order. A negative position (negative num_tokens, or L = 0) is rejected
// by the eager gather before anything is written; here the row is left untouched and false
// returned (the host loop checks first and throws). Positions rise with j: j = 0 is the lowest.
CB_HD bool propose_scatter_row(Ref1<std::int32_t> row, std::int64_t num_tokens, std::int64_t count,
                                     Ref1<const std::int32_t> samples) {
  if (samples.size == 0) return true;
  if (propose_write_position(num_tokens, row.size, 0) < 0) return false;
  const std::int32_t old_last = row[row.size - 1];
  for (std::int64_t j = 0; j < samples.size; ++j) {
    const std::int32_t v = propose_value(row, num_tokens, count, samples[j], old_last, j);
    row[propose_write_position(num_tokens, row.size, j)] = v;
  }
  return true;
}

// num_tokens_tmp = num_tokens_no_spec + count in int32, wrapping as the eager int32 add does.
CB_HD std::int32_t add_i32(std::int32_t a, std::int32_t b) {
  return static_cast<std::int32_t>(static_cast<std::uint32_t>(a) + static_cast<std::uint32_t>(b));
}

// The kernel (kernels/custom_kernel.h): element r is request row r: its scatter, its length and
// its row of the matcher's mask (sampled something, and long enough for the shortest n-gram).
// A row with a negative write position is left unwritten (the host loop rejects the call
// before any write).
struct NgramProposeRows {
  Ref2<std::int32_t> token_ids;
  Ref1<const std::int32_t> num_tokens_no_spec;
  Ref2<const std::int32_t> sampled;
  Ref1<const std::int32_t> counts;
  Ref1<std::int32_t> num_tokens_tmp;
  Ref1<bool> combined_mask;
  std::int64_t min_n = 1;
  CB_HD void operator()(std::int64_t r) const {
    propose_scatter_row(token_ids.row(r), num_tokens_no_spec[r], counts[r], sampled.row(r));
    const std::int32_t length = add_i32(num_tokens_no_spec[r], counts[r]);
    num_tokens_tmp[r] = length;
    combined_mask[r] = counts[r] > 0 && length >= min_n;
  }
};

}  // namespace clampbench::suites::detail

CLAMPBENCH_CUSTOM_KERNEL(clampbench::suites::detail::NgramProposeRows);
