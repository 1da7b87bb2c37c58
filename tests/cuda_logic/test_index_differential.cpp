// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// gather, scatter_, scatter_masked_, index and flip: cuda against host, bitwise, along every
// dim, with int32 and int64 indices, strided operands, duplicate targets (the last write wins,
// as in the host loop), and bad indices: negative or past the dim, several of them (the error
// names the first in C order, which the kernels find with atomicMin), masked-off ones (never
// checked), and a scatter that throws having written its good indices, as PyTorch's one kernel.

#include <gtest/gtest.h>

#include "kernels/ops.h"
#include "tests/cuda_logic/cuda_logic_env.h"
#include "tests/cuda_logic/sample_tensors.h"

namespace clampbench::cuda_logic {
namespace {

Tensor index_tensor(const std::vector<std::int64_t>& values, const Dims& shape, DType dtype) {
  return to(from_vector(values, shape, DeviceType::Host), dtype);
}

// Indices in [0, limit) for a [rows, cols] index tensor, with repeats.
Tensor in_range(std::int64_t rows, std::int64_t cols, std::int64_t limit, DType dtype, int seed) {
  std::vector<std::int64_t> v(static_cast<std::size_t>(rows * cols));
  for (std::size_t k = 0; k < v.size(); ++k) v[k] = static_cast<std::int64_t>((k * 7 + seed * 3) % limit);
  return index_tensor(v, {rows, cols}, dtype);
}

TEST(CudaLogicIndex, GatherAlongEachDim) {
  CB_REQUIRE_CUDA();
  for (DType value_dtype : kAllDTypes)
    for (DType index_dtype : {DType::Int32, DType::Int64}) {
      SCOPED_TRACE(dname(value_dtype) + " values, " + dname(index_dtype) + " index");
      const Tensor self = sample(value_dtype, {4, 6}, 1);
      same_on_both({sample(value_dtype, {12, 6}, 1), in_range(12, 11, 6, index_dtype, 1)},
                   [](const Inputs& t) { return gather(t[0], 1, t[1]); });
      same_on_both({self, in_range(7, 6, 4, index_dtype, 2)}, [](const Inputs& t) { return gather(t[0], 0, t[1]); });
      same_on_both({strided_sample(value_dtype, 4, 6, 2), in_range(3, 5, 6, index_dtype, 3)},
                   [](const Inputs& t) { return gather(t[0], 1, t[1]); });
      same_on_both({self, in_range(0, 3, 6, index_dtype, 1)}, [](const Inputs& t) { return gather(t[0], 1, t[1]); });
    }
  const Tensor strided_index = in_range(4, 11, 6, DType::Int64, 4).narrow(1, 1, 10).unfold(1, 1, 2).squeeze(2);
  same_on_both({sample(DType::Int32, {4, 6}, 1), strided_index}, [](const Inputs& t) { return gather(t[0], 1, t[1]); });
  const Tensor three_d = sample(DType::Int64, {2, 3, 4}, 5);
  same_on_both({three_d, index_tensor({2, 0, 1, 1, 2, 0, 0, 0, 1, 2, 2, 1, 0, 1, 2, 2}, {2, 2, 4}, DType::Int64)},
               [](const Inputs& t) { return gather(t[0], 1, t[1]); });
}

TEST(CudaLogicIndex, GatherBadIndicesNameTheFirstOne) {
  CB_REQUIRE_CUDA();
  const Tensor self = sample(DType::Int32, {3, 4}, 1);
  for (DType index_dtype : {DType::Int32, DType::Int64}) {
    SCOPED_TRACE(dname(index_dtype));
    // The first bad index in C order is -1 at [1, 0]; later ones (4, -7, 9) must not win.
    const Tensor bad = index_tensor({0, 3, 2, 1, -1, 4, 0, 0, 2, -7, 9, 1}, {3, 4}, index_dtype);
    same_on_both({self, bad}, [](const Inputs& t) { return gather(t[0], 1, t[1]); });
    const Tensor past = index_tensor({0, 1, 2, 3, 3, 2, 1, 0, 0, 0, 0, 4}, {3, 4}, index_dtype);
    same_on_both({self, past}, [](const Inputs& t) { return gather(t[0], 1, t[1]); });
    same_on_both({self, index_tensor({0, 3, 2, 3}, {1, 4}, index_dtype)},
                 [](const Inputs& t) { return gather(t[0], 0, t[1]); });
  }
}

TEST(CudaLogicIndex, ScatterWithDuplicatesAlongEachDim) {
  CB_REQUIRE_CUDA();
  for (DType value_dtype : kAllDTypes) {
    SCOPED_TRACE(dname(value_dtype));
    // Duplicate targets in every line: the host writes them in order, so the last one wins.
    // 110 lines along dim 1: more than the 3x32 grid has threads.
    same_in_place({sample(value_dtype, {110, 5}, 1), in_range(110, 8, 5, DType::Int64, 1),
                   sample(value_dtype, {110, 8}, 2)},
                  [](Inputs& t) { scatter_(t[0], 1, t[1], t[2]); });
    same_in_place({sample(value_dtype, {4, 100}, 1), in_range(6, 100, 4, DType::Int32, 2),
                   sample(value_dtype, {6, 100}, 3)},
                  [](Inputs& t) { scatter_(t[0], 0, t[1], t[2]); });
    same_in_place({strided_sample(value_dtype, 3, 5, 4), in_range(3, 4, 5, DType::Int64, 3),
                   strided_sample(value_dtype, 3, 4, 5)},
                  [](Inputs& t) { scatter_(t[0], 1, t[1], t[2]); });
    same_in_place({sample(value_dtype, {3, 5}, 1), in_range(3, 8, 5, DType::Int64, 4), sample(value_dtype, {3, 8}, 2),
                   sample(DType::Bool, {3, 8}, 6)},
                  [](Inputs& t) { scatter_masked_(t[0], 1, t[1], t[2], t[3]); });
  }
  const Tensor three_d = sample(DType::Int32, {2, 4, 3}, 1);
  same_in_place({three_d, to(in_range(2, 15, 4, DType::Int64, 5).view({2, 5, 3}), DType::Int64),
                 sample(DType::Int32, {2, 5, 3}, 2)},
                [](Inputs& t) { scatter_(t[0], 1, t[1], t[2]); });
  same_in_place({sample(DType::Int32, {3, 5}, 1), in_range(3, 0, 5, DType::Int64, 1), sample(DType::Int32, {3, 0}, 2)},
                [](Inputs& t) { scatter_(t[0], 1, t[1], t[2]); });
}

TEST(CudaLogicIndex, ScatterBadIndicesThrowAfterTheGoodWrites) {
  CB_REQUIRE_CUDA();
  const Tensor self = sample(DType::Int64, {3, 4}, 1), src = sample(DType::Int64, {3, 4}, 2);
  const Tensor bad = index_tensor({0, 1, 2, 3, 3, 5, 0, -2, 1, 1, 9, 0}, {3, 4}, DType::Int64);
  same_in_place({self, bad, src}, [](Inputs& t) { scatter_(t[0], 1, t[1], t[2]); });
  same_in_place({self, index_tensor({0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0}, {3, 4}, DType::Int32), src},
                [](Inputs& t) { scatter_(t[0], 1, t[1], t[2]); });
  // Masked off, a bad index is never used and so never checked; masked on, it is the error.
  const Tensor mask = from_vector<std::uint8_t>({1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 1}, {3, 4}, DeviceType::Host);
  const Tensor masked_bad = index_tensor({0, 1, 2, 3, 3, 7, 0, 2, 1, 1, -3, 0}, {3, 4}, DType::Int64);
  same_in_place({self, masked_bad, src, mask}, [](Inputs& t) { scatter_masked_(t[0], 1, t[1], t[2], t[3]); });
  same_in_place({self, masked_bad, src, logical_not(mask)},
                [](Inputs& t) { scatter_masked_(t[0], 1, t[1], t[2], t[3]); });
}

// x[rows, cols] and x[idx] (aten::index, every dim indexed): negative indices wrap as in
// PyTorch; the first bad one in C order is the error.
TEST(CudaLogicIndex, AdvancedIndexing) {
  CB_REQUIRE_CUDA();
  for (DType value_dtype : kAllDTypes)
    for (DType index_dtype : {DType::Int32, DType::Int64}) {
      SCOPED_TRACE(dname(value_dtype) + " values, " + dname(index_dtype) + " index");
      const Tensor rows = index_tensor({0, 3, 1, 1, -1, 2, 0, 3, 2, 1, 0}, {11}, index_dtype);
      const Tensor cols = index_tensor({5, 0, -6, 2, 4, 4, 1, 3, 0, 5, 2}, {11}, index_dtype);
      same_on_both({sample(value_dtype, {4, 6}, 1), rows, cols}, [](const Inputs& t) { return index(t[0], {t[1], t[2]}); });
      same_on_both({strided_sample(value_dtype, 4, 6, 2), rows, cols},
                   [](const Inputs& t) { return index(t[0], {t[1], t[2]}); });
      same_on_both({sample(value_dtype, {6}, 3), cols}, [](const Inputs& t) { return index(t[0], {t[1]}); });
    }
  const Tensor self = sample(DType::Int32, {3, 4}, 1);
  const Tensor past = index_tensor({0, 2, 1, 3, -5}, {5}, DType::Int64);
  same_on_both({self, index_tensor({0, 1, 2, 2, 0}, {5}, DType::Int64), past},
               [](const Inputs& t) { return index(t[0], {t[1], t[2]}); });
  same_on_both({self, index_tensor({0, 1, 3, 2, 9}, {5}, DType::Int64), past},
               [](const Inputs& t) { return index(t[0], {t[1], t[2]}); });
}

TEST(CudaLogicIndex, FlipAlongEachDim) {
  CB_REQUIRE_CUDA();
  for (DType value_dtype : kAllDTypes) {
    SCOPED_TRACE(dname(value_dtype));
    same_on_both({sample(value_dtype, {5, 7}, 1)}, [](const Inputs& t) { return flip(t[0], 1); });
    same_on_both({sample(value_dtype, {5, 7}, 2)}, [](const Inputs& t) { return flip(t[0], 0); });
    same_on_both({strided_sample(value_dtype, 4, 6, 3)}, [](const Inputs& t) { return flip(t[0], -1); });
  }
  same_on_both({sample(DType::Int64, {3, 0}, 1)}, [](const Inputs& t) { return flip(t[0], 1); });
}

}  // namespace
}  // namespace clampbench::cuda_logic
