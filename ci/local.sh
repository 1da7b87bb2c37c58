#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Rehearses the nightly workflow on this machine as its matrix runs it, through the same step
# scripts the workflow files call: builds the binary if there is none (preset main), runs the
# shards as processes (ci/steps/shard.sh, one per matrix job, at most one per CPU at a time),
# then merges them, adds the merge to the history, gates it against the accepted baseline,
# applies the baseline rule and builds the dashboard (ci/steps/merge.sh), and prints where
# the site is.
#   ci/local.sh [--out DIR] [--state DIR] [--shards N] [--accepted-by WHO] [-- run args...]
# --out DIR: this night's shards/ and site/ go there (default: a new temporary directory, kept).
# --state DIR: the history and the accepted baseline, kept from night to night as a CI keeps
# them (default DIR/state of --out: a first night). --shards N: the matrix's shard count
# (default 3, at most 1000). --accepted-by WHO: accept this night as the baseline even if the
# gate did not pass it (the workflows' manual accept). Run args default to the quick set on the
# default backend. Exit code: merge.sh's, the gate's (1 regression, 3 not assessed); 2 bad usage
# or a shard that could not run. docs/ci.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/detail/deps.sh"
out="" state="" shards=3 accepted_by=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out|--state|--shards|--accepted-by)
      if [ $# -lt 2 ] || [ -z "$2" ]; then echo "local.sh: $1 needs a value" >&2; exit 2; fi
      case "$1" in --out) out=$2 ;; --state) state=$2 ;; --shards) shards=$2 ;; --accepted-by) accepted_by=$2 ;; esac
      shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '4,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "local.sh: unknown argument '$1' (--out DIR, --state DIR, --shards N, --accepted-by WHO, -- run args)" >&2; exit 2 ;;
  esac
done
if ! [[ "$shards" =~ ^[1-9][0-9]{0,3}$ ]] || [ "$shards" -gt 1000 ]; then
  echo "local.sh: --shards must be a whole number from 1 to 1000, not '$shards'" >&2; exit 2
fi
export BINARY=${BINARY:-$root/build/clampbench}
if [ ! -x "$BINARY" ]; then
  clampbench_step 0 3 "build the clampbench binary (preset main, -j$(nproc))"
  (
    cd "$root"
    clampbench_ensure_packages "${clampbench_main_packages[@]}"
    clampbench_find_cuda
    clampbench_configure main
    cmake --build --preset main -j "$(nproc)"
  )
  BINARY=$root/build/clampbench
fi
if [ -z "$out" ]; then out=$(mktemp -d "${TMPDIR:-/tmp}/clampbench-ci-local.XXXXXX"); fi
if [ -e "$out/shards" ] && [ -n "$(ls -A "$out/shards")" ]; then
  echo "local.sh: '$out/shards' is not empty: give a new --out directory" >&2
  exit 2
fi
if [ -z "$state" ]; then state=$out/state; fi
mkdir -p "$out/shards"
parallel=$(nproc)
clampbench_step 1 3 "$shards shards, $parallel at a time (ci/steps/shard.sh I $shards $out/shards $*)"
# One shard, as one matrix job; its exit code is reported when it is waited for.
run_shard() {
  local i=$1 rc=0
  shift
  "$root/ci/steps/shard.sh" "$i" "$shards" "$out/shards" "$@" > "$out/shards/shard-$i.log" 2>&1 || rc=$?
  echo "local.sh: shard $i of $shards: exit $rc ($(tail -n 1 "$out/shards/shard-$i.log"))" >&2
  return "$rc"
}
worst=0 pids=()
wait_one() {
  local rc=0
  wait "${pids[0]}" || rc=$?
  pids=("${pids[@]:1}")
  if [ "$rc" -ge 2 ]; then worst=$rc; fi
}
for i in $(seq 1 "$shards"); do
  if [ ${#pids[@]} -ge "$parallel" ]; then wait_one; fi
  run_shard "$i" "$@" &
  pids+=($!)
done
while [ ${#pids[@]} -gt 0 ]; do wait_one; done
if [ "$worst" -ge 2 ]; then
  echo "local.sh: a shard failed (exit $worst): logs in $out/shards" >&2
  exit "$worst"
fi
clampbench_step 2 3 "merge, history, dashboard (ci/steps/merge.sh)"
status=0
"$root/ci/steps/merge.sh" "$out/shards" "$state" "$out/site" ${accepted_by:+--accepted-by "$accepted_by"} || status=$?
clampbench_step 3 3 "done: exit $status"
echo "local.sh: dashboard in $out/site/index.html (merged results $out/shards/merged.json, state in $state)"
exit "$status"
