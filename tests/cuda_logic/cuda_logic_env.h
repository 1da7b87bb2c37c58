// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// What the cuda_logic tests share: whether this binary runs on the grid emulator or a
// device, the launch shapes each check runs under, and the differential comparison of an op
// on host with the same op on cuda (bitwise, or the same TensorError).

#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "kernels/device.h"
#include "kernels/tensor.h"

namespace clampbench::cuda_logic {

// True in test_cuda_logic (kernels on the grid emulator), false in test_cuda_logic_device.
bool emulated();

#define CB_REQUIRE_CUDA() \
  if (!::clampbench::cuda_device_available()) GTEST_SKIP() << "no CUDA device"

// Runs f once per launch shape: on the emulator every launch of f uses 1x1, 1x7, 3x32 blocks
// x threads, then its own shape; on a device only its own (a device runs what it is given).
void for_each_shape(const std::function<void()>& f);

Tensor on_cuda(const Tensor& host);
// Same dtype, shape and bytes of the elements (through contiguous host copies).
void expect_bitwise(const Tensor& host, const Tensor& cuda, const std::string& what = "");

using Inputs = std::vector<Tensor>;
using Op = std::function<Tensor(const Inputs&)>;
// f on the host inputs and on cuda copies of them, under every launch shape: the results are
// bitwise equal, or both throw a TensorError of the same kind and message.
void same_on_both(const Inputs& host_inputs, const Op& f);
// f mutates its first input in place: compares the mutated tensors (and the error, if any).
void same_in_place(const Inputs& host_inputs, const std::function<void(Inputs&)>& f);

}  // namespace clampbench::cuda_logic
