#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The main job: build, run the quick set on the default backend (cuda when a GPU is present,
# host otherwise), write results/latest.json, add it to the history and build the dashboard.
# Extra arguments go to `clampbench run` (for example --sizes nightly).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/detail/deps.sh
clampbench_ensure_packages
clampbench_find_cuda

cmake --preset default >/dev/null
cmake --build --preset default -j "$(nproc)"
status=0
build/clampbench run --out results/latest.json "$@" || status=$?
if [ "$status" -ge 2 ]; then exit "$status"; fi   # no results to report on
"$CLAMPBENCH_PYTHON" scripts/history.py add results/latest.json --dir results/history
"$CLAMPBENCH_PYTHON" scripts/report.py results/history -o site --baseline results/baseline.json
echo "clampbench: results in results/latest.json, dashboard in site/index.html" >&2
exit "$status"
