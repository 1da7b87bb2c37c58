#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The matrix's last job: merge.sh SHARDDIR HISTORYDIR SITEDIR [BASELINE.json]
#   1. clampbench merge SHARDDIR/shard-*-of-*.json -o SHARDDIR/merged.json (refuses shards
#      of different runs, a missing or interrupted shard: exit 2, nothing written)
#   2. history.py add merged.json --dir HISTORYDIR
#   3. report.py HISTORYDIR -o SITEDIR (with --baseline BASELINE when given)
#   4. with BASELINE: compare.py BASELINE merged.json, whose exit code (0 no regression,
#      1 regression, 3 not assessed) is this script's; without: the merged run's (0 as
#      expected, 1 a verdict or finding unexpected, 3 an internal error in a shard).
# The history and the dashboard are written whatever the verdicts (they show them); a step
# that fails for another reason stops the script with its exit code. docs/ci.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/detail/deps.sh"  # CLAMPBENCH_PYTHON: the interpreter main.sh runs the scripts with
if [ $# -lt 3 ] || [ $# -gt 4 ]; then
  echo "merge.sh: usage: merge.sh SHARDDIR HISTORYDIR SITEDIR [BASELINE.json]" >&2
  exit 2
fi
sharddir=$1 historydir=$2 sitedir=$3 baseline=${4:-}
binary=${BINARY:-$root/build/clampbench}
if [ ! -x "$binary" ]; then
  echo "merge.sh: no clampbench binary at $binary: build it first (cmake --preset main && cmake --build --preset main)" >&2
  exit 2
fi
shopt -s nullglob
shards=("$sharddir"/shard-*-of-*.json)
shopt -u nullglob
if [ ${#shards[@]} -eq 0 ]; then
  echo "merge.sh: no shard files (shard-I-of-N.json) in '$sharddir'" >&2
  exit 2
fi
if [ -n "$baseline" ] && [ ! -f "$baseline" ]; then
  echo "merge.sh: baseline '$baseline' is not a file" >&2
  exit 2
fi
merged=$sharddir/merged.json
# The merge renames a new file into place: the same inode afterwards means it wrote nothing
# (refused, or it could not write), and an earlier night's merged.json must not be recorded.
before=$(stat -c %i -- "$merged" 2>/dev/null || true)
status=0
"$binary" merge "${shards[@]}" -o "$merged" || status=$?
after=$(stat -c %i -- "$merged" 2>/dev/null || true)
if [ "$status" -eq 2 ] || [ -z "$after" ] || [ "$after" = "$before" ]; then
  exit $((status == 0 ? 3 : status))
fi
"$CLAMPBENCH_PYTHON" "$root/scripts/history.py" add "$merged" --dir "$historydir"
report_args=()
if [ -n "$baseline" ]; then report_args=(--baseline "$baseline"); fi
"$CLAMPBENCH_PYTHON" "$root/scripts/report.py" "$historydir" -o "$sitedir" "${report_args[@]}"
echo "merge.sh: merged results in $merged, dashboard in $sitedir/index.html" >&2
if [ -z "$baseline" ]; then exit "$status"; fi
gate=0
"$CLAMPBENCH_PYTHON" "$root/scripts/compare.py" "$baseline" "$merged" || gate=$?
exit "$gate"
