#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The main job: build the clampbench binary only (preset "main": no tests, no benchmarks, so
# neither GTest nor the test-only packages are needed), run the quick set on the default
# backend (cuda when a GPU is present, host otherwise), write results/latest.json (or the
# file of an --out among the arguments), add it to the history and build the dashboard. Extra
# arguments go to `clampbench run` (for example --sizes nightly).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/detail/deps.sh

clampbench_step 1 5 "packages: ${clampbench_main_packages[*]}"
clampbench_ensure_packages "${clampbench_main_packages[@]}"
clampbench_find_cuda
clampbench_step 2 5 "configure (cmake --preset main)"
clampbench_configure main
clampbench_step 3 5 "build the clampbench binary (-j$(nproc))"
cmake --build --preset main -j "$(nproc)"
exec scripts/detail/run_report.sh build/clampbench "$@"   # run, history, dashboard
