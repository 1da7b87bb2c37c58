#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Every test: configure and build the test preset (the binary, the GTest suites and the
# benchmark programs), run ctest (GTest, with GPU tests reported skipped where no device
# exists), then pytest over the Python scripts and the PyTorch conformance check.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/detail/deps.sh

jobs=$(nproc)
clampbench_step 1 5 "packages: the main job's and the tests' own"
clampbench_ensure_packages "${clampbench_main_packages[@]}" "${clampbench_test_packages[@]}"
clampbench_find_cuda
clampbench_step 2 5 "configure (cmake --preset test)"
clampbench_configure test
clampbench_step 3 5 "build everything (-j$jobs)"
cmake --build --preset test -j "$jobs"
clampbench_step 4 5 "ctest"
ctest --preset test -j "$jobs"
clampbench_step 5 5 "pytest"
# One pytest per directory: each has a conftest.py of its own, and one session cannot import two.
"$CLAMPBENCH_PYTHON" -m pytest -q tests/python
CLAMPBENCH_BIN="$PWD/build/clampbench" "$CLAMPBENCH_PYTHON" -m pytest -q tests/conformance
