# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/test.sh: the linters of the shipped CI files (actionlint, zizmor and
# check-jsonschema with its vendored Buildkite schema) in a small venv under the cache
# directory, from the pinned wheels of requirements.txt. Made again when the pins
# change; the tests only run what is here, they fetch nothing.

clampbench_ci_lint_bin() {
  local cache="${CLAMPBENCH_CACHE:-$HOME/.cache/clampbench}"
  local venv="$cache/venv-ci-lint"
  local here pins
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  pins="$here/requirements.txt"
  if ! cmp -s "$pins" "$venv/requirements.txt" || [ ! -x "$venv/bin/zizmor" ]; then
    echo "clampbench: setting up $venv (actionlint, zizmor, check-jsonschema)" >&2
    rm -rf "$venv"
    /usr/bin/python3 -m venv "$venv" >&2 || return 2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check --only-binary=:all: \
      -r "$pins" >&2 || { echo "clampbench: installing the CI linters failed" >&2; return 2; }
    cp "$pins" "$venv/requirements.txt" || return 2
  fi
  echo "$venv/bin"
}
