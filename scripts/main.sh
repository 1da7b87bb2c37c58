#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The main job: build the clampbench binary only (preset "main": no tests, no benchmarks, so
# neither GTest nor the test-only packages are needed), run the quick set on the default
# backend (cuda when a GPU is present, host otherwise), write results/latest.json, add it to
# the history and build the dashboard. Extra arguments go to `clampbench run` (for example
# --sizes nightly).
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
clampbench_step 4 5 "run: build/clampbench run --out results/latest.json $*"
status=0
build/clampbench run --out results/latest.json "$@" || status=$?
if [ "$status" -ge 2 ]; then exit "$status"; fi   # no results to report on
clampbench_step 5 5 "history and dashboard"
"$CLAMPBENCH_PYTHON" scripts/history.py add results/latest.json --dir results/history
"$CLAMPBENCH_PYTHON" scripts/report.py results/history -o site --baseline results/baseline.json
echo "clampbench: results in results/latest.json, dashboard in site/index.html" >&2
exit "$status"
