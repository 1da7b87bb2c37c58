// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Elementwise ops, factories and conversions: cuda against host, bitwise, for every pair of
// dtypes, broadcast and strided operands, scalar right operands and empty tensors, under
// every launch shape (cuda_logic_env.h). An op the host rejects must fail the same way on cuda.

#include <gtest/gtest.h>

#include "kernels/error.h"
#include "kernels/ops.h"
#include "tests/cuda_logic/cuda_logic_env.h"
#include "tests/cuda_logic/sample_tensors.h"

namespace clampbench::cuda_logic {
namespace {

using BinaryOp = Tensor (*)(const Tensor&, const Tensor&);
using ScalarOp = Tensor (*)(const Tensor&, Scalar);

struct NamedBinary {
  const char* name;
  BinaryOp op;
  bool divides;  // right operand must not be zero (integer division by zero is undefined)
};
const NamedBinary kBinaryOps[] = {
    {"add", add, false},        {"sub", sub, false},           {"mul", mul, false},
    {"floor_divide", floor_divide, true}, {"remainder", remainder, true}, {"minimum", minimum, false},
    {"maximum", maximum, false}, {"eq", eq, false},             {"ne", ne, false},
    {"lt", lt, false},          {"le", le, false},             {"gt", gt, false},
    {"ge", ge, false},          {"logical_and", logical_and, false}, {"logical_or", logical_or, false},
};

TEST(CudaLogicElementwise, BinaryOpsOverEveryDTypePairWithBroadcast) {
  CB_REQUIRE_CUDA();
  for (const NamedBinary& b : kBinaryOps)
    for (DType left : kAllDTypes)
      for (DType right : kAllDTypes) {
        SCOPED_TRACE(std::string(b.name) + " " + dname(left) + " " + dname(right));
        // More elements (117) than the 3x32 grid has threads, so every thread strides.
        const Tensor a = sample(left, {9, 13}, 1);
        same_on_both({a, sample(right, {9, 13}, 2, b.divides)}, [&](const Inputs& t) { return b.op(t[0], t[1]); });
        same_on_both({a, sample(right, {13}, 3, b.divides)}, [&](const Inputs& t) { return b.op(t[0], t[1]); });
        same_on_both({sample(left, {9, 1}, 4), sample(right, {1, 13}, 5, b.divides)},
                     [&](const Inputs& t) { return b.op(t[0], t[1]); });
      }
}

TEST(CudaLogicElementwise, StridedViewsAndEmptyTensors) {
  CB_REQUIRE_CUDA();
  for (DType dtype : {DType::Int32, DType::Int64, DType::Float32}) {
    SCOPED_TRACE(dname(dtype));
    const Tensor view = strided_sample(dtype, 10, 11, 1);
    ASSERT_FALSE(view.is_contiguous());
    same_on_both({view, sample(dtype, {10, 11}, 2)}, [](const Inputs& t) { return add(t[0], t[1]); });
    same_on_both({view, strided_sample(dtype, 10, 11, 3)}, [](const Inputs& t) { return mul(t[0], t[1]); });
    same_on_both({view.narrow(0, 1, 8).expand({2, 8, 11})}, [](const Inputs& t) { return neg(t[0]); });
    same_on_both({sample(dtype, {0, 4}, 1), sample(dtype, {4}, 2)}, [](const Inputs& t) { return add(t[0], t[1]); });
    same_on_both({sample(dtype, {3, 0}, 1)}, [](const Inputs& t) { return clamp(t[0], 1, 2); });
  }
}

TEST(CudaLogicElementwise, ScalarRightOperandsUnaryOpsAndClamp) {
  CB_REQUIRE_CUDA();
  const ScalarOp scalar_ops[] = {add, sub, rsub, mul, floor_divide, remainder, eq, ne, lt, le, gt, ge};
  for (DType dtype : kAllDTypes) {
    SCOPED_TRACE(dname(dtype));
    const Tensor a = sample(dtype, {10, 11}, 7);
    for (ScalarOp op : scalar_ops) {
      same_on_both({a}, [&](const Inputs& t) { return op(t[0], 3); });
      same_on_both({a}, [&](const Inputs& t) { return op(t[0], -2.5); });
    }
    same_on_both({a}, [](const Inputs& t) { return neg(t[0]); });
    same_on_both({a}, [](const Inputs& t) { return logical_not(t[0]); });
    same_on_both({a}, [](const Inputs& t) { return clamp(t[0], -2, 4); });
    same_on_both({a}, [](const Inputs& t) { return clamp(t[0], std::nullopt, 1.5); });
    same_on_both({a}, [](const Inputs& t) { return clamp(t[0], 3); });
    same_in_place({a}, [](Inputs& t) { clamp_(t[0], -1, 2); });
    same_in_place({strided_sample(dtype, 10, 11, 2)}, [](Inputs& t) { clamp_(t[0], 0); });
  }
}

TEST(CudaLogicElementwise, WhereFillMaskedFillCopyAndConversions) {
  CB_REQUIRE_CUDA();
  for (DType dtype : kAllDTypes) {
    SCOPED_TRACE(dname(dtype));
    const Tensor cond = sample(DType::Bool, {10, 12}, 5), a = sample(dtype, {10, 12}, 1);
    same_on_both({cond, a, sample(DType::Int64, {12}, 2)}, [](const Inputs& t) { return where(t[0], t[1], t[2]); });
    same_on_both({cond, a}, [](const Inputs& t) { return where(t[0], t[1], -1); });
    same_in_place({a, cond}, [](Inputs& t) { masked_fill_(t[0], t[1], 7); });
    same_in_place({strided_sample(dtype, 10, 12, 4), cond}, [](Inputs& t) { masked_fill_(t[0], t[1], 2.5); });
    same_in_place({a}, [](Inputs& t) { fill_(t[0], -3); });
    same_in_place({a, sample(DType::Float32, {12}, 6)}, [](Inputs& t) { copy_(t[0], t[1]); });
    same_in_place({strided_sample(dtype, 10, 12, 1), sample(DType::Int32, {10, 1}, 3)},
                  [](Inputs& t) { copy_(t[0], t[1]); });
    for (DType to_dtype : kAllDTypes) same_on_both({a}, [&](const Inputs& t) { return to(t[0], to_dtype); });
    same_on_both({strided_sample(dtype, 10, 12, 2)}, [](const Inputs& t) { return contiguous(t[0]); });
  }
}

TEST(CudaLogicElementwise, FactoriesAndRepeatInterleave) {
  CB_REQUIRE_CUDA();
  for (DType dtype : {DType::Int32, DType::Int64, DType::Float32}) {
    SCOPED_TRACE(dname(dtype));
    for_each_shape([&] {
      expect_bitwise(arange(-7, 400, 3, dtype, DeviceType::Host), arange(-7, 400, 3, dtype, DeviceType::Cuda));
      expect_bitwise(arange(30, 0, -4, dtype, DeviceType::Host), arange(30, 0, -4, dtype, DeviceType::Cuda));
      expect_bitwise(arange(0, dtype, DeviceType::Host), arange(0, dtype, DeviceType::Cuda));
      expect_bitwise(full({3, 70}, 2.5, dtype, DeviceType::Host), full({3, 70}, 2.5, dtype, DeviceType::Cuda));
    });
  }
  // repeat_interleave is host-only (vLLM calls it on host tensors): cuda refuses it.
  EXPECT_THROW((void)repeat_interleave(on_cuda(sample(DType::Int64, {3}, 1)), on_cuda(sample(DType::Int64, {3}, 2))),
               TensorError);
}

}  // namespace
}  // namespace clampbench::cuda_logic
