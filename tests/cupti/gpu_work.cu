// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The device work test_cupti_gpu traces: one kernel, launched with <<<>>> (CB_LAUNCH),
// and run by the grid emulator's tests too.

#include "tests/cupti/gpu_work.h"

#include "kernels/cuda/cuda_check.h"
#include "kernels/cuda/portable.h"

namespace clampbench::cupti::testing {

namespace {
__global__ void fill(int* out, int n, int value) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}
}  // namespace

void launch_fill(int* out, int n, int value) {
  CB_LAUNCH(fill, (n + 255) / 256, 256, nullptr)(out, n, value);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::cupti::testing
