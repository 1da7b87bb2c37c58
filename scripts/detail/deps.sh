# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/main.sh and scripts/test.sh: make sure Debian 12's packages that clampbench
# builds and tests with are present. As root, missing ones are installed; otherwise the exact
# install line is printed and the caller stops with exit code 2.

clampbench_packages=(
  cmake g++ make git
  libfmt-dev nlohmann-json3-dev libbenchmark-dev libgtest-dev googletest
  python3 python3-numpy python3-scipy python3-matplotlib python3-pytest python3-jsonschema
  python3-torch chromium
)

clampbench_missing_packages() {
  local pkg
  for pkg in "${clampbench_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || echo "$pkg"
  done
}

clampbench_ensure_packages() {
  local missing
  missing=$(clampbench_missing_packages | tr '\n' ' ')
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

# Debian's Python sees Debian's python3-* packages; a pyenv/venv python3 on PATH may not.
CLAMPBENCH_PYTHON=${CLAMPBENCH_PYTHON:-/usr/bin/python3}
