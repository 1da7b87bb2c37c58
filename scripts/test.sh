#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Every test: configure and build the default preset, run ctest (GTest, with GPU tests
# reported skipped where no device exists), then pytest over the Python scripts and the
# PyTorch conformance check.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/detail/deps.sh
clampbench_ensure_packages
clampbench_find_cuda

jobs=$(nproc)
cmake --preset default >/dev/null
cmake --build --preset default -j "$jobs"
ctest --preset default -j "$jobs"
# One pytest per directory: each has a conftest.py of its own, and one session cannot import two.
"$CLAMPBENCH_PYTHON" -m pytest -q tests/python
