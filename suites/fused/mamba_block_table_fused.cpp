// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Fused mamba_block_table: out[r, j] = block_table[r, clamp((seq_len - 1) // B, 0) + j], j < 1 + S, in
// one pass. Allocates the int32 [R, 1 + S] output and nothing else (clamp: 7, clamp_: 6). A
// column past the table is the IndexOutOfRange the eager gather raises, with its message.

#include "suites/fused/mamba_block_table_fused.h"

#include <algorithm>

#include "kernels/custom_kernel.h"
#include "kernels/ops.h"
#include "suites/detail/tensor_refs.h"
#include "suites/fused/detail/mamba_math.h"

namespace clampbench::suites::fused {
namespace {

[[noreturn]] void throw_bad_column(std::int64_t column, std::int64_t width) {
  throw_error(ErrorKind::IndexOutOfRange,
              fmt::format("index {} is out of range for dim 1 with size {}", column, width));
}

}  // namespace

Outputs fused_mamba_block_table(CaseData& data, const ParamPoint& p) {
  const auto table = detail::ref2<const std::int32_t>(data.get("block_table"), "block_table");
  const Tensor& seq_tensor = data.get("seq_lens");
  const auto seq_lens = detail::ref1<const std::int32_t>(seq_tensor, "seq_lens");
  CB_CHECK(table.rows == seq_lens.size, ErrorKind::ShapeMismatch,
           "fused mamba_block_table: block_table has {} rows, seq_lens {}", table.rows, seq_lens.size);
  const std::int64_t block = p.get("B"), width = 1 + p.get("S");
  CB_CHECK(block > 0, ErrorKind::InvalidArgument, "fused mamba_block_table: block size {}", block);
  Tensor out = Tensor::empty({table.rows, width}, DType::Int32, data.device);
  const std::int64_t bad = launch_kernel(data.device, table.rows,
                                         detail::BlockTableRows{table, seq_lens, block, width,
                                                                detail::out_ptr<std::int32_t>(out)},
                                         KernelCheck::ReadBack);
  if (bad >= 0) {  // rare: the one length needed to name the row's first column past the table
    const std::int32_t len = to_vector<std::int32_t>(seq_tensor.slice(0, bad, bad + 1)).front();
    throw_bad_column(std::max(detail::block_table_start(len, block), table.cols), table.cols);
  }
  return {{"block_table", out}};
}

}  // namespace clampbench::suites::fused
