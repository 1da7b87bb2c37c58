# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by scripts/test.sh: the interpreter of the upstream conformance check. A virtual
# environment over Debian's Python (it sees python3-torch) with Triton from PyPI, whose CPU
# interpreter runs vLLM's own Triton kernels. Made once under the cache directory; later runs
# reuse it (and the cached vLLM wheels beside it).

CLAMPBENCH_TRITON_VERSION=3.9.0

clampbench_upstream_python() {
  local cache="${CLAMPBENCH_CACHE:-$HOME/.cache/clampbench}"
  local venv="$cache/venv-triton-$CLAMPBENCH_TRITON_VERSION"
  if ! "$venv/bin/python" -c "import triton, torch" >/dev/null 2>&1; then
    echo "clampbench: setting up $venv (Triton $CLAMPBENCH_TRITON_VERSION over Debian's torch)" >&2
    rm -rf "$venv"
    /usr/bin/python3 -m venv --system-site-packages "$venv" >&2
    "$venv/bin/python" -m pip install -q --disable-pip-version-check \
      "triton==$CLAMPBENCH_TRITON_VERSION" >&2
  fi
  echo "$venv/bin/python"
}
