#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Every test: configure and build the test preset (the binary, the GTest suites and the
# benchmark programs), run ctest (GTest, with GPU tests reported skipped where no device
# exists), then one pytest session: the Python scripts, the robustness tests and the upstream
# check of every port against vLLM's released code (tests/upstream: downloads the vLLM wheels it
# checks and Triton once, cached).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/detail/deps.sh
. scripts/detail/upstream_env.sh
. ci/lint/venv.sh

jobs=$(nproc)
clampbench_step 1 5 "packages: the main job's and the tests' own"
clampbench_ensure_packages "${clampbench_main_packages[@]}" "${clampbench_test_packages[@]}"
# The linters of the CI files in ci/ (pinned wheels from PyPI, in their own venv).
ci_lint_bin=$(clampbench_ci_lint_bin)
clampbench_find_cuda
clampbench_step 2 5 "configure (cmake --preset test)"
clampbench_configure test
clampbench_step 3 5 "build everything (-j$jobs)"
cmake --build --preset test -j "$jobs"
clampbench_step 4 5 "ctest"
ctest --preset test -j "$jobs"
clampbench_step 5 5 "pytest: scripts, robustness, and the ports against vLLM 0.25.0, 0.27.0 and 0.34.0"
# One session over pyproject.toml's testpaths (tests/python, tests/robustness, tests/upstream),
# run by the upstream check's interpreter: a venv over Debian's Python, so it sees the same
# numpy, scipy, matplotlib and pytest as /usr/bin/python3, and Triton besides.
# CLAMPBENCH_REQUIRE_UPSTREAM=1: a missing torch, Triton or wheel fails instead of skipping;
# CLAMPBENCH_REQUIRE_CI_LINT=1: so does a missing linter of the CI files.
upstream_python=$(clampbench_upstream_python)
CLAMPBENCH_REQUIRE_UPSTREAM=1 CLAMPBENCH_REQUIRE_CI_LINT=1 CLAMPBENCH_CI_LINT_BIN="$ci_lint_bin" \
  CLAMPBENCH_BIN="$PWD/build/clampbench" "$upstream_python" -m pytest -q
