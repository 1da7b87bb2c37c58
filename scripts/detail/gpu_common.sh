# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/gpu-check.sh and scripts/gpu-nightly.sh: the steps both take on a GPU
# machine. Each prints what it did and returns non-zero (with a FAIL line) when it cannot go on.

# Prints the GPUs, driver and toolkit; fails when nvidia-smi sees no GPU.
clampbench_gpu_device() {
  local gpus
  if ! gpus=$(nvidia-smi -L 2>&1) || ! grep -q '^GPU ' <<<"$gpus"; then
    echo "no GPU visible to nvidia-smi: this script is for a GPU machine"
    echo "$gpus"
    return 1
  fi
  echo "$gpus"
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
  nvcc --version | tail -n 2
}

# clampbench_gpu_build ROOT BUILD ARCH JOBS TIMEOUT_S: Release build with CUDA for sm_ARCH.
clampbench_gpu_build() {
  local root=$1 build=$2 arch=$3 jobs=$4 timeout_s=$5 generator=() configured
  command -v ninja >/dev/null && generator=(-G Ninja)
  configured=$(cmake -S "$root" -B "$build" "${generator[@]}" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CUDA_ARCHITECTURES="$arch" -DCLAMPBENCH_ENABLE_CUDA=ON 2>&1) || { echo "$configured"; return 1; }
  echo "$configured"
  grep -q 'clampbench: CUDA' <<<"$configured" || { echo "FAIL: configured without CUDA"; return 1; }
  timeout "$timeout_s" cmake --build "$build" -j "$jobs" || { echo "FAIL: build"; return 1; }
}
