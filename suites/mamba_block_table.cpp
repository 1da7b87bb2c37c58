// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// mamba_block_table: mamba_get_block_table_tensor in mode "align": for each request, the block holding
// its last token and the S speculative blocks after it, gathered from the block table. The
// start index (seq_len - 1) // B is -1 in padding rows and is clamped at 0.

#include <algorithm>
#include <vector>

#include "kernels/custom_kernel.h"
#include "kernels/ops.h"
#include "suites/detail/builder_ops.h"
#include "suites/detail/clamp_mode.h"
#include "suites/detail/input_gen.h"
#include "suites/detail/tensor_refs.h"
#include "suites/mamba_block_table.cu"
#include "suites/suite.h"

namespace clampbench::suites {
namespace {

constexpr const char* kName = "mamba_block_table";

// Per call: start 2, clamp 1 (0 in place), arange 1, add 1, to(int64) 1, gather 1: 7 vs 6.
Outputs build(CaseData& in, const ParamPoint& p, detail::ClampMode mode) {
  const Tensor& block_table = in.get("block_table");
  const Tensor& seq_lens = in.get("seq_lens");
  Tensor start = floor_divide(sub(seq_lens, 1), p.get("B"));
  start = detail::clamp_as(mode, start, 0);
  Tensor offsets = arange(1 + p.get("S"), DType::Int32, seq_lens.device());
  Tensor indices = to(add(start.unsqueeze(1), offsets), DType::Int64);
  return {{"block_table", gather(block_table, 1, indices)}};
}

// The runner's block table has max_num_reqs rows; the builder sees the first R. Each active
// request holds cdiv(seq_len, B) + S distinct block ids; unused entries are 0 (the null
// block). The padding rows (seq_len 0) at the end hold stale ids (below).
CaseData make_inputs(const ParamPoint& p, std::uint64_t seed, DeviceType device) {
  detail::Rng rng(seed, kName);
  const std::int64_t rows = p.get("R"), block = p.get("B"), spec = p.get("S"), max_len = p.get("L");
  const std::int64_t width = detail::cdiv(max_len, block) + spec;  // M
  const std::int64_t padding = rows >= 4 ? rows / 4 : 0, spare_rows = 4;
  std::vector<std::int32_t> seq(rows, 0);
  std::vector<std::int32_t> table((rows + spare_rows) * width, 0);
  std::int64_t next_block = 1;
  for (std::int64_t r = 0; r < rows - padding; ++r) {
    const std::int64_t len = rng.chance(1, 4) ? rng.uniform(1, max_len / block) * block  // block aligned
                                              : rng.uniform(1, max_len);
    seq[r] = static_cast<std::int32_t>(len);
    const std::int64_t used = detail::cdiv(len, block) + spec;
    for (std::int64_t j = 0; j < used; ++j) table[r * width + j] = static_cast<std::int32_t>(next_block + j);
    next_block += used + rng.uniform(0, 3);
  }
  // Padding rows keep the stale block ids of requests that left the batch, as vLLM's table
  // does: which column the clamped start picks is then visible in the output. Past the view,
  // the rows of requests not in this batch.
  for (std::int64_t r = rows - padding; r < rows + spare_rows; ++r) {
    for (std::int64_t j = 0; j < width; ++j) table[r * width + j] = static_cast<std::int32_t>(rng.uniform(1, 1 << 20));
  }
  CaseData data;
  data.device = device;
  data.add("block_table",
           from_vector<std::int32_t>(table, Dims{rows + spare_rows, width}, device).narrow(0, 0, rows),
           Role::Persistent);
  data.add("seq_lens", detail::front_view<std::int32_t>(seq, spare_rows, 0, device), Role::Persistent);
  return data;
}

// The eager gather's error for a column past the table, with its message.
[[noreturn]] void throw_bad_column(std::int64_t column, std::int64_t width) {
  throw_error(ErrorKind::IndexOutOfRange,
              fmt::format("index {} is out of range for dim 1 with size {}", column, width));
}

// The floor: out[r, j] = block_table[r, clamp((seq_len - 1) // B, 0) + j], j < 1 + S, in one
// pass. Allocates the int32 [R, 1 + S] output and nothing else (clamp: 7, clamp_: 6). A column
// past the table is the IndexOutOfRange the eager gather raises, with its message.
Outputs fused(CaseData& data, const ParamPoint& p) {
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

}  // namespace

Suite make_mamba_block_table_suite() {
  return SuiteBuilder(kName)
      .describe("mamba_get_block_table_tensor (align): gather of the last-token block and S "
                "speculative blocks, the -1 start of padding rows clamped at 0")
      .source("vllm/v1/attention/backends/utils.py", "mamba_get_block_table_tensor")
      .device(SuiteDevice::Gpu)
      .axis("R", {8}, {1, 64, 256, 1024}, {1, 8, 64, 256, 512, 1024})
      .axis("B", {256}, {256, 1024, 4096}, {256, 512, 1024, 2048, 4096})
      .axis("S", {0, 2}, {0, 3}, {0, 1, 2, 3})
      .axis("L", {4096}, {32768, 131072}, {4096, 32768, 131072})
      // M = cdiv(L, B) + S stays within the spec's 8..512 columns.
      .accept([](const ParamPoint& p) {
        const std::int64_t m = detail::cdiv(p.get("L"), p.get("B")) + p.get("S");
        return m >= 8 && m <= 512;
      })
      .inputs(make_inputs)
      .outputs({"block_table"})
      .clamp_variants(build,
                      "torch.clamp(start, min=0): a new tensor",
                      "start.clamp_(min=0): in place")
      .floor("one kernel (a host loop on host), allocating only the output", fused)
      .build();
}

CLAMPBENCH_REGISTER_SUITE(make_mamba_block_table_suite);

}  // namespace clampbench::suites
