#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# The matrix's last job: merge.sh SHARDDIR STATEDIR SITEDIR [--accepted-by WHO]
# STATEDIR holds one GPU kind's nights: history/ (the results files and nights.jsonl) and the
# accepted baseline.json.
#   0. every argument and the state checked before anything is written into it (history.py
#      check: a blank --accepted-by, a history that is not a directory, a lock, nights log or
#      baseline that is not a regular file, a read-only state), then the state's lock taken. A
#      refused state still has its night merged and gated in SHARDDIR: exit 1 for a
#      regression, else 2; nothing is recorded
#   1. clampbench merge SHARDDIR/shard-*-of-*.json -o SHARDDIR/merged.json (refuses shards
#      of different runs, a missing or interrupted shard, an invalid figure: exit 2, nothing
#      written)
#   2. history.py add merged.json --dir STATEDIR/history (refuses a run it already holds: exit 2)
#   3. the gate (detail/gate.sh): compare.py baseline.json merged.json, its verdict kept as
#      SHARDDIR/gate.json and gate.md; an unexpected verdict or finding in the merged run
#      (exit 1) is a regression too.
#   4. history.py accept: the baseline rule. Only a night the gate fully assessed and passed
#      (exit 0) becomes STATEDIR/baseline.json; a regression (1) or a NOT ASSESSED night (3)
#      keeps the old baseline unless --accepted-by names who accepts it. The night is recorded
#      in STATEDIR/history/nights.jsonl either way, before the dashboard is drawn.
#   5. report.py STATEDIR/history -o SITEDIR --baseline gated-against.json: the dashboard,
#      each night's gate verdict on it (not drawn when the night could not be added to the
#      history: its latest run, and badge, would be an earlier night's).
# Exit code: the gate's verdict decides it. 1 (a regression) whatever fails after the gate;
# else 0 no regression, 3 not assessed, and 3 too when a step after the gate failed (named
# beside the verdict: a history, record or dashboard that could not be written); 2 when a
# step refused its input and no regression was seen (nothing recorded as a night). Never 1
# for anything but a regression. Two merge.sh on one STATEDIR run one after the other (a lock). docs/ci.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
. "$root/scripts/detail/deps.sh"  # CLAMPBENCH_PYTHON: the interpreter main.sh runs the scripts with
usage="merge.sh: usage: merge.sh SHARDDIR STATEDIR SITEDIR [--accepted-by WHO]"
if [ $# -ne 3 ] && [ $# -ne 5 ]; then echo "$usage" >&2; exit 2; fi
sharddir=$1 statedir=$2 sitedir=$3 accepted_by=() python=$CLAMPBENCH_PYTHON scripts=$root/scripts
if [ $# -eq 5 ]; then
  if [ "$4" != --accepted-by ]; then echo "$usage" >&2; exit 2; fi
  # A name that names nobody is a usage error, refused before any work: blank (' ', a newline,
  # Buildkite's CLAMPBENCH_ACCEPTED_BY=' ') or with a control character (history.py's rule).
  if [[ "$5" =~ ^[[:space:]]*$ ]] || [[ "$5" == *[[:cntrl:]]* ]]; then
    echo "merge.sh: --accepted-by '$(printf %q "$5")' names nobody: give a name on one line" >&2
    exit 2
  fi
  accepted_by=(--accepted-by "$5")
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
# 0. Nothing is written into the state until every argument and the state itself check out
# (history.py check, the lock). A refused state still has its night gated, read-only, so that a
# regression exits 1 (never 2, never "bad input" hiding it); otherwise a refusal exits 2.
. "$root/ci/steps/detail/gate.sh"
baseline=$statedir/baseline.json lock=$statedir/.lock history=$statedir/history refusal=""
refuse() { refusal=$1; }
if [ -L "$lock" ] || { [ -e "$lock" ] && [ ! -f "$lock" ]; }; then
  refuse "'$lock' is not a regular file (a FIFO would block, a directory cannot be locked): remove it"
fi
checked=0 problem=""
problem=$("$python" "$scripts/history.py" check --dir "$history" --baseline "$baseline" "${accepted_by[@]}" 2>&1) ||
  checked=$?
if [ "$checked" -eq 2 ]; then refuse "${problem#history.py: }"; elif [ "$checked" -ne 0 ]; then echo "$problem" >&2; exit 3; fi
if [ -z "$refusal" ] && ! mkdir -p -- "$statedir" 2>/dev/null; then refuse "cannot create the state directory '$statedir'"; fi
if [ -z "$refusal" ] && ! { exec 9>>"$lock"; } 2>/dev/null; then
  refuse "cannot open the lock '$lock' (a read-only state directory?)"
fi
# One night at a time on a state: a second merge.sh waits for the first (at most 10 minutes).
if [ -z "$refusal" ] && ! flock -w 600 9; then
  echo "merge.sh: another merge.sh has held '$statedir' for 10 minutes; try again when it is done" >&2
  exit 3
fi
merged=$sharddir/merged.json gated=$sharddir/gated-against.json
rm -f -- "$merged" "$gated" "$sharddir/gate.json" "$sharddir/gate.md"
# What failed after the merge, named beside the verdict at the end.
failed=()
after() {  # after WHAT COMMAND...: runs it; a failure is named in failed, never fatal
  local what=$1 rc=0
  shift
  "$@" || rc=$?
  if [ "$rc" -ne 0 ]; then failed+=("$what (exit $rc)"); fi
}
# 1. An earlier night's merged.json is gone, so whatever is there now is tonight's.
status=0
"$binary" merge "${shards[@]}" -o "$merged" || status=$?
if [ "$status" -eq 2 ] || [ ! -f "$merged" ]; then
  if [ -n "$refusal" ]; then echo "merge.sh: $refusal" >&2; fi
  exit $((status == 0 || status == 1 ? 3 : status))
fi
if [ -n "$refusal" ]; then
  night_gate "$merged" "$baseline" "$(history_runs "$history")" "$sharddir" "$status"
  echo "merge.sh: $refusal; nothing recorded (gate: $(verdict_word "$gate"))" >&2
  exit $((gate == 1 ? 1 : 2))
fi
# 2. A refusal (the run already in the history) ends the night; an I/O error does not stop
# the gate, whose verdict still decides the exit code.
added=0
"$python" "$scripts/history.py" add "$merged" --dir "$history" || added=$?
if [ "$added" -eq 2 ]; then exit 2; fi
if [ "$added" -ne 0 ]; then failed+=("the history (history.py add, exit $added): the night is not in it"); fi
# 3. The gate.
earlier=$(history_runs "$history")
if [ "$added" -eq 0 ]; then earlier=$((earlier - 1)); fi
night_gate "$merged" "$baseline" "$earlier" "$sharddir" "$status"
# 4. The baseline rule, and the night's record: before the dashboard, which may fail.
accept_args=("${accepted_by[@]}")
if [ -f "$sharddir/gate.json" ]; then accept_args+=(--gate-json "$sharddir/gate.json"); fi
if [ "$added" -eq 0 ]; then
  after "the night's record (history.py accept)" "$python" "$scripts/history.py" accept "$merged" \
    --dir "$history" --baseline "$baseline" --gate "$gate" "${accept_args[@]}" >&2
fi
# 5. Not drawn when the night is not in the history: its latest run would be an earlier night's.
report_args=()
if [ -f "$gated" ]; then report_args=(--baseline "$gated"); fi
if [ "$added" -eq 0 ]; then
  after "the dashboard (report.py)" "$python" "$scripts/report.py" "$history" -o "$sitedir" "${report_args[@]}"
else
  failed+=("the dashboard (not drawn: the night is not in the history)")
fi
verdict=$(verdict_word "$gate")
if [ ${#failed[@]} -gt 0 ]; then
  echo "merge.sh: gate: $verdict; failed after it: $(IFS=';'; echo "${failed[*]}")" >&2
  if [ "$gate" -eq 1 ] || [ "$gate" -eq 2 ]; then exit "$gate"; fi
  exit 3
fi
echo "merge.sh: gate: $verdict; merged results in $merged, gate in $sharddir/gate.md, dashboard in $sitedir/index.html" >&2
exit "$gate"
