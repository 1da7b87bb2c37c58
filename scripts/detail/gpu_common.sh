# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/gpu-check.sh and scripts/gpu-nightly.sh: their arguments and log, and the
# steps both take on a GPU machine. The steps print what they did and return non-zero (with a
# FAIL line) when they cannot go on.

# Exit status of a GPU script on a machine without a GPU: not a failed check (1 means a
# regression and nothing else), not bad usage (2).
CLAMPBENCH_EXIT_NO_GPU=4

# Prints the GPUs, driver and toolkit; returns CLAMPBENCH_EXIT_NO_GPU when nvidia-smi sees none.
clampbench_gpu_device() {
  local gpus=""
  if ! command -v nvidia-smi >/dev/null || ! gpus=$(nvidia-smi -L 2>&1) || ! grep -q '^GPU ' <<<"$gpus"; then
    echo "no GPU visible to nvidia-smi: this script is for a GPU machine (without one: ctest -L cuda_logic)"
    echo "$gpus"
    return "$CLAMPBENCH_EXIT_NO_GPU"
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

# clampbench_gpu_setup LOGNAME "$@": the scripts' arguments are DIR [ARCH]; anything else exits 2
# with a usage line. Sets DIR (absolute, created), ARCH (default 90), BUILD=DIR/build,
# LOG=DIR/LOGNAME, JOBS, and puts /usr/local/cuda/bin on PATH.
clampbench_gpu_setup() {
  local logname=$1
  shift
  if [[ $# -lt 1 || $# -gt 2 || $1 == -* ]]; then
    echo "usage: $0 DIR [ARCH]   (ARCH: CUDA architecture, default 90)" >&2
    exit 2
  fi
  mkdir -p "$1"
  DIR=$(cd "$1" && pwd)
  ARCH=${2:-90}
  BUILD=$DIR/build
  LOG=$DIR/$logname
  JOBS=$(nproc 2>/dev/null || echo 4)
  [[ -d /usr/local/cuda/bin ]] && export PATH=$PATH:/usr/local/cuda/bin
  return 0
}

# A step's heading, with the seconds since the script started.
step() { printf '\n== [%3ds] %s\n' "$SECONDS" "$*"; }

# Runs the script's main() with errexit in its own subshell (`main || ...` would switch errexit
# off inside it), copies everything to LOG, and exits with main's status.
clampbench_gpu_run_main() {
  : >"$LOG"
  set +e
  (set -e; main) 2>&1 | tee -a "$LOG"
  local rc=${PIPESTATUS[0]}
  echo "log: $LOG" >&2
  exit "$rc"
}
