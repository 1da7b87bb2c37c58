#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Steps 4 and 5 of scripts/main.sh, in the current directory: run_report.sh BINARY [RUN ARGS...]
# runs `BINARY run --trace`, adds its results file to results/history and rebuilds site/. The
# results file is the run's own --out (default results/latest.json): history and the last line
# must name the file this run wrote, never a stale results/latest.json of an earlier run. The
# history and the baseline are this machine's own (neither is committed): the first run that
# finds no results/baseline.json becomes the baseline; replace that file to rebase. --trace
# (at most 256 allocations a call) feeds the dashboard's op-level savings.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
. "$here/deps.sh"
binary=$1
shift
out=results/latest.json
args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --out)
      if [ $# -lt 2 ]; then echo "main.sh: --out needs a value" >&2; exit 2; fi
      out=$2; shift 2 ;;
    --out=*) out=${1#--out=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
clampbench_step 4 5 "run: $binary run --trace --out $out ${args[*]}"
status=0
"$binary" run --trace --out "$out" "${args[@]}" || status=$?
if [ "$status" -ge 2 ]; then exit "$status"; fi   # no results to report on
clampbench_step 5 5 "history and dashboard"
"$CLAMPBENCH_PYTHON" "$here/../history.py" add "$out" --dir results/history
baseline=results/baseline.json
if [ ! -e "$baseline" ]; then
  cp "$out" "$baseline.tmp.$$" && mv "$baseline.tmp.$$" "$baseline"
  echo "clampbench: $baseline is this run (the first on this machine); replace it to rebase" >&2
fi
"$CLAMPBENCH_PYTHON" "$here/../report.py" results/history -o site --baseline "$baseline"
echo "clampbench: results in $out, dashboard in site/index.html" >&2
exit "$status"
