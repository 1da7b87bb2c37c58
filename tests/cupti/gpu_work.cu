// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The device work test_cupti_gpu traces: one kernel, launched with <<<>>>.

#include "tests/cupti/gpu_work.h"

#include "kernels/cuda/cuda_check.h"

namespace clampbench::cupti::testing {

namespace {
__global__ void fill(int* out, int n, int value) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}
}  // namespace

void launch_fill(int* out, int n, int value) {
  fill<<<(n + 255) / 256, 256>>>(out, n, value);
  CB_CUDA_CHECK_LAUNCH();
}

}  // namespace clampbench::cupti::testing
