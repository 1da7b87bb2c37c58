#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The matrix's last job: merge.sh SHARDDIR STATEDIR SITEDIR [--accepted-by WHO]
# STATEDIR holds one GPU kind's nights: history/ (the results files and nights.jsonl) and the
# accepted baseline.json.
#   1. clampbench merge SHARDDIR/shard-*-of-*.json -o SHARDDIR/merged.json (refuses shards
#      of different runs, a missing or interrupted shard, an invalid figure: exit 2, nothing
#      written)
#   2. history.py add merged.json --dir STATEDIR/history (refuses a run it already holds)
#   3. the gate: compare.py baseline.json merged.json (a copy of the baseline it was gated
#      against is kept as SHARDDIR/gated-against.json, its verdict as SHARDDIR/gate.json and
#      gate.md); the first night, with no baseline, is gated on its own run (its outcome, and
#      compare.py merged.json merged.json: every gated figure present), and a later night
#      without one (the baseline lost) is NOT ASSESSED. An unexpected verdict or finding in the
#      merged run (exit 1) is a regression too.
#   4. history.py accept: the baseline rule. Only a night the gate fully assessed and passed
#      (exit 0) becomes STATEDIR/baseline.json; a regression (1) or a NOT ASSESSED night (3)
#      keeps the old baseline unless --accepted-by names who accepts it. The night is recorded
#      in STATEDIR/history/nights.jsonl either way.
#   5. report.py STATEDIR/history -o SITEDIR --baseline gated-against.json: the dashboard,
#      each night's gate verdict on it.
# Exit code: the gate's (0 no regression, 1 regression, 3 not assessed); 2 when a step refused
# its input (nothing recorded as a night); a step that fails otherwise stops the script with
# its exit code. Two merge.sh on one STATEDIR run one after the other (a lock). docs/ci.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/detail/deps.sh"  # CLAMPBENCH_PYTHON: the interpreter main.sh runs the scripts with
usage="merge.sh: usage: merge.sh SHARDDIR STATEDIR SITEDIR [--accepted-by WHO]"
if [ $# -ne 3 ] && [ $# -ne 5 ]; then echo "$usage" >&2; exit 2; fi
sharddir=$1 statedir=$2 sitedir=$3 accepted_by=""
if [ $# -eq 5 ]; then
  if [ "$4" != --accepted-by ]; then echo "$usage" >&2; exit 2; fi
  if [ -z "$5" ]; then echo "merge.sh: --accepted-by is empty: name who accepts the night" >&2; exit 2; fi
  accepted_by=$5
fi
for dir in "$sharddir" "$statedir" "$sitedir"; do
  if [ -z "$dir" ]; then echo "$usage (an argument is empty)" >&2; exit 2; fi
done
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
baseline=$statedir/baseline.json
if [ -L "$baseline" ] || { [ -e "$baseline" ] && [ ! -f "$baseline" ]; }; then
  echo "merge.sh: '$baseline' is not a regular file" >&2
  exit 2
fi
mkdir -p -- "$statedir"
# One night at a time on a state: a second merge.sh waits for the first (at most 10 minutes).
exec 9>>"$statedir/.lock"
if ! flock -w 600 9; then
  echo "merge.sh: another merge.sh has held '$statedir' for 10 minutes; try again when it is done" >&2
  exit 3
fi
python=$CLAMPBENCH_PYTHON scripts=$root/scripts
merged=$sharddir/merged.json gated=$sharddir/gated-against.json
rm -f -- "$merged" "$gated" "$sharddir/gate.json" "$sharddir/gate.md"
# 1. An earlier night's merged.json is gone, so whatever is there now is tonight's.
status=0
"$binary" merge "${shards[@]}" -o "$merged" || status=$?
if [ "$status" -eq 2 ] || [ ! -f "$merged" ]; then
  exit $((status == 0 ? 3 : status))
fi
# 2.
mkdir -p -- "$statedir/history"
"$python" "$scripts/history.py" add "$merged" --dir "$statedir/history"
# 3. compare.py's exit code; a regression (1) wins over not assessed (3).
gate=0
earlier=$(find "$statedir/history" -maxdepth 1 -name '*.json' ! -name '.*' | wc -l)
if [ -f "$baseline" ]; then
  cp -- "$baseline" "$gated"
  base=$gated
elif [ "$earlier" -gt 1 ]; then
  # Not a first night: the baseline was lost (an evicted cache, a deleted file). Nothing to
  # gate against is NOT ASSESSED, and only an accept by name sets a new baseline.
  base=""
  gate=3
  printf '{"not_assessed": {"baseline": [["%s", "missing, while the history holds %s earlier runs: accept a night by name to set it"]]}}\n' \
    "baseline.json" "$((earlier - 1))" > "$sharddir/gate.json"
  echo "merge.sh: NOT ASSESSED: no $baseline, while the history holds earlier runs" >&2
else
  base=$merged
fi
if [ -n "$base" ]; then
  "$python" "$scripts/compare.py" "$base" "$merged" --format json -o "$sharddir/gate.json" || gate=$?
fi
if [ "$gate" -eq 0 ] || [ "$gate" -eq 1 ] || [ "$gate" -eq 3 ]; then
  if [ -n "$base" ]; then "$python" "$scripts/compare.py" "$base" "$merged" --format md -o "$sharddir/gate.md" || true; fi
  if [ "$status" -eq 1 ] || [ "$gate" -eq 1 ]; then gate=1; elif [ "$status" -ne 0 ]; then gate=3; fi
fi
# 4. The baseline rule, and the night's record.
accept_args=()
if [ -f "$sharddir/gate.json" ]; then accept_args+=(--gate-json "$sharddir/gate.json"); fi
if [ -n "$accepted_by" ]; then accept_args+=(--accepted-by "$accepted_by"); fi
"$python" "$scripts/history.py" accept "$merged" --dir "$statedir/history" --baseline "$baseline" \
  --gate "$gate" "${accept_args[@]}" >&2
# 5.
report_args=()
if [ -f "$gated" ]; then report_args=(--baseline "$gated"); fi
"$python" "$scripts/report.py" "$statedir/history" -o "$sitedir" "${report_args[@]}"
echo "merge.sh: merged results in $merged, gate in $sharddir/gate.md, dashboard in $sitedir/index.html" >&2
exit "$gate"
