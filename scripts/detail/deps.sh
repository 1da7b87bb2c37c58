# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/main.sh and scripts/test.sh: make sure Debian 12's packages that clampbench
# builds and tests with are present. As root, missing ones are installed; otherwise the exact
# install line is printed and the caller stops with exit code 2.

# The main job: build the clampbench binary (Google Benchmark is its timing pass), run it, add
# the results to the history and draw the dashboard (numpy + matplotlib); valgrind counts each
# call's instructions where the machine has no hardware counter (its header is built in).
clampbench_main_packages=(
  cmake g++ make git
  libfmt-dev nlohmann-json3-dev libbenchmark-dev valgrind
  python3 python3-numpy python3-matplotlib
)
# Only the tests: GTest, pytest, the schema check, compare's statistics (scipy), the upstream
# check against vLLM's code (python3-torch, +825 MiB; python3-venv and python3-pip for the
# Triton interpreter's virtual environment and the vLLM wheels) and the dashboard screenshot
# (chromium, +641 MiB).
clampbench_test_packages=(
  libgtest-dev googletest
  python3-scipy python3-pytest python3-jsonschema
  python3-torch python3-venv python3-pip chromium
)

clampbench_missing_packages() {
  local pkg
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

# clampbench_ensure_packages PACKAGE...: install (as root) or name (otherwise) the missing ones.
clampbench_ensure_packages() {
  local missing
  missing=$(clampbench_missing_packages "$@" | tr '\n' ' ')
  [ -z "${missing// /}" ] && return 0
  if [ "$(id -u)" -eq 0 ]; then
    echo "clampbench: installing missing packages: $missing" >&2
    apt-get update -qq
    # shellcheck disable=SC2086
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >&2
  else
    echo "clampbench: missing packages; install them with: sudo apt-get install -y $missing" >&2
    exit 2
  fi
}

# The CUDA toolkit is optional (no Debian package needed): use /usr/local/cuda when nvcc is
# not already on PATH, so the default preset compiles the CUDA sources wherever it exists.
clampbench_find_cuda() {
  if ! command -v nvcc >/dev/null 2>&1 && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
  fi
}

# clampbench_configure PRESET: configure quietly, then show the configure summary (version,
# backend and whether CUDA was found, what is built); the whole output only when it fails.
clampbench_configure() {
  local log
  log=$(mktemp)
  if ! cmake --preset "$1" >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "clampbench: cmake --preset $1 failed" >&2
    return 2
  fi
  sed -n 's/^-- clampbench: /clampbench: /p' "$log" >&2
  rm -f "$log"
}

# clampbench_step N TOTAL WHAT: one progress line per step of a job.
clampbench_step() { echo "clampbench: [$1/$2] $3 ($(date +%H:%M:%S))" >&2; }

# Debian's Python sees Debian's python3-* packages; a pyenv/venv python3 on PATH may not.
CLAMPBENCH_PYTHON=${CLAMPBENCH_PYTHON:-/usr/bin/python3}
