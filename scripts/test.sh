#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Every test: configure and build the test preset (the binary, the GTest suites and the
# benchmark programs), run ctest (GTest, with GPU tests reported skipped where no device
# exists), then pytest over the Python scripts and the upstream check of every port against
# vLLM's released code (tests/upstream: downloads the vLLM wheels it checks and Triton once, cached).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/detail/deps.sh
. scripts/detail/upstream_env.sh

jobs=$(nproc)
clampbench_step 1 7 "packages: the main job's and the tests' own"
clampbench_ensure_packages "${clampbench_main_packages[@]}" "${clampbench_test_packages[@]}"
clampbench_find_cuda
clampbench_step 2 7 "configure (cmake --preset test)"
clampbench_configure test
clampbench_step 3 7 "build everything (-j$jobs)"
cmake --build --preset test -j "$jobs"
clampbench_step 4 7 "ctest"
ctest --preset test -j "$jobs"
clampbench_step 5 7 "pytest: scripts"
# One pytest per directory: each has a conftest.py of its own, and one session cannot import two.
"$CLAMPBENCH_PYTHON" -m pytest -q tests/python
clampbench_step 6 7 "pytest: robustness (hostile outputs, interrupts, malformed input)"
CLAMPBENCH_BIN="$PWD/build/clampbench" "$CLAMPBENCH_PYTHON" -m pytest -q tests/robustness
clampbench_step 7 7 "pytest: the ports against vLLM 0.25.0, 0.27.0 and 0.34.0 (tests/upstream)"
upstream_python=$(clampbench_upstream_python)
CLAMPBENCH_REQUIRE_UPSTREAM=1 CLAMPBENCH_BIN="$PWD/build/clampbench" "$upstream_python" -m pytest -q tests/upstream
