// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Reductions and cumsum: cuda against host, bitwise, along every dim, for every dtype, with
// ties (max/argmax: the first maximum wins), strided inputs, empty dims and empty rows.
// Float sums are compared bitwise too: the reduce kernel walks each row in order in one
// thread, so it adds in the host loop's order, on a device as on the emulator. A kernel that
// reduced in a tree (several threads per row) could not match; this test would then have to
// compare float sums within a tolerance and keep the exact check for integers.

#include <gtest/gtest.h>

#include "kernels/ops.h"
#include "tests/cuda_logic/cuda_logic_env.h"
#include "tests/cuda_logic/sample_tensors.h"

namespace clampbench::cuda_logic {
namespace {

using DimOp = Tensor (*)(const Tensor&, int);

TEST(CudaLogicReduce, EveryReductionAlongEveryDim) {
  CB_REQUIRE_CUDA();
  const DimOp ops[] = {sum, amax, amin, argmax, all, any};
  for (DType dtype : kAllDTypes)
    for (DimOp op : ops)
      for (int dim : {0, 1, 2, -1}) {
        SCOPED_TRACE(dname(dtype) + " dim " + std::to_string(dim));
        // 108 to 117 rows whatever the dim: more than the 3x32 grid has threads.
        same_on_both({sample(dtype, {12, 9, 13}, 1)}, [&](const Inputs& t) { return op(t[0], dim); });
        same_on_both({sample(dtype, {5, 1, 2}, 2)}, [&](const Inputs& t) { return op(t[0], dim); });
      }
}

TEST(CudaLogicReduce, TiesPickTheFirstMaximum) {
  CB_REQUIRE_CUDA();
  for (DType dtype : {DType::Int32, DType::Int64, DType::Float32, DType::Bool}) {
    SCOPED_TRACE(dname(dtype));
    const Tensor ties = to(from_vector<std::int64_t>({1, 4, 4, 0, 4, 7, 7, 7, 2, 2, 2, 2}, {3, 4}, DeviceType::Host),
                           dtype);
    same_on_both({ties}, [](const Inputs& t) { return argmax(t[0], 1); });
    same_on_both({ties}, [](const Inputs& t) { return argmax(t[0], 0); });
    same_on_both({ties}, [](const Inputs& t) { return amax(t[0], 1); });
    same_on_both({ties}, [](const Inputs& t) { return max(t[0]); });
  }
}

TEST(CudaLogicReduce, CumsumAndWholeTensorSums) {
  CB_REQUIRE_CUDA();
  for (DType dtype : kAllDTypes)
    for (int dim : {0, 1, -1}) {
      SCOPED_TRACE(dname(dtype) + " dim " + std::to_string(dim));
      same_on_both({sample(dtype, {100, 101}, 3)}, [&](const Inputs& t) { return cumsum(t[0], dim); });
      same_on_both({strided_sample(dtype, 4, 6, 4)}, [&](const Inputs& t) { return cumsum(t[0], dim); });
      same_on_both({sample(dtype, {4, 6}, 5)}, [&](const Inputs& t) { return cumsum(t[0], dim, DType::Int32); });
      same_on_both({sample(dtype, {4, 6}, 5)}, [&](const Inputs& t) { return cumsum(t[0], dim, DType::Float32); });
    }
  for (DType dtype : kAllDTypes) {
    same_on_both({sample(dtype, {7, 3}, 1)}, [](const Inputs& t) { return sum(t[0]); });
    same_on_both({sample(dtype, {7, 3}, 2)}, [](const Inputs& t) { return max(t[0]); });
    same_on_both({strided_sample(dtype, 100, 5, 3)}, [](const Inputs& t) { return sum(t[0], 1); });
  }
}

TEST(CudaLogicReduce, EmptyDimsAndEmptyRows) {
  CB_REQUIRE_CUDA();
  for (DType dtype : kAllDTypes) {
    SCOPED_TRACE(dname(dtype));
    const Tensor no_columns = sample(dtype, {3, 0}, 1), no_rows = sample(dtype, {0, 4}, 1);
    for (DimOp op : {sum, all, any, amax, argmax}) {
      same_on_both({no_columns}, [&](const Inputs& t) { return op(t[0], 1); });  // empty dim: 0s, or the host's error
      same_on_both({no_rows}, [&](const Inputs& t) { return op(t[0], 1); });     // no rows: an empty result
    }
    same_on_both({no_columns}, [](const Inputs& t) { return cumsum(t[0], 1); });
    same_on_both({no_rows}, [](const Inputs& t) { return cumsum(t[0], 0); });
    same_on_both({no_columns}, [](const Inputs& t) { return max(t[0]); });
  }
}

}  // namespace
}  // namespace clampbench::cuda_logic
