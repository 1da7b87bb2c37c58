#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Rehearses the nightly workflow on this machine as its matrix runs it, through the same step
# scripts the workflow files call: builds the binary if there is none (preset main), runs the
# shards as parallel processes (scripts/ci/shard.sh, one per matrix job), then merges them,
# adds the merge to a history and builds the dashboard (scripts/ci/merge.sh), and prints where
# the site is.
#   scripts/ci-local.sh [--out DIR] [--shards N] [--baseline FILE] [-- clampbench run args...]
# --out DIR: shards/, history/ and site/ go there (default: a new temporary directory, kept).
# --shards N: the matrix's shard count (default 3). Run args default to the quick set on the
# default backend. Exit code: the gate's -- with --baseline, compare.py's (1 regression,
# 3 not assessed); without, the merged run's (1 a verdict or finding unexpected); 2 bad usage
# or a shard that could not run. docs/ci.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
. "$root/scripts/detail/deps.sh"
out="" shards=3 baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --out|--shards|--baseline)
      if [ $# -lt 2 ] || [ -z "$2" ]; then echo "ci-local.sh: $1 needs a value" >&2; exit 2; fi
      case "$1" in --out) out=$2 ;; --shards) shards=$2 ;; --baseline) baseline=$2 ;; esac
      shift 2 ;;
    --) shift; break ;;
    -h|--help) sed -n '4,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "ci-local.sh: unknown argument '$1' (--out DIR, --shards N, --baseline FILE, -- run args)" >&2; exit 2 ;;
  esac
done
if ! [[ "$shards" =~ ^[1-9][0-9]*$ ]]; then echo "ci-local.sh: --shards must be a whole number of at least 1, not '$shards'" >&2; exit 2; fi
if [ -n "$baseline" ] && [ ! -f "$baseline" ]; then echo "ci-local.sh: baseline '$baseline' is not a file" >&2; exit 2; fi
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
  echo "ci-local.sh: '$out/shards' is not empty: give a new --out directory" >&2
  exit 2
fi
mkdir -p "$out/shards"
clampbench_step 1 3 "$shards shards as parallel processes (scripts/ci/shard.sh I $shards $out/shards $*)"
pids=()
for i in $(seq 1 "$shards"); do
  "$root/scripts/ci/shard.sh" "$i" "$shards" "$out/shards" "$@" > "$out/shards/shard-$i.log" 2>&1 &
  pids+=($!)
done
worst=0
for i in "${!pids[@]}"; do
  rc=0
  wait "${pids[$i]}" || rc=$?
  echo "ci-local.sh: shard $((i + 1)) of $shards: exit $rc ($(tail -n 1 "$out/shards/shard-$((i + 1)).log"))" >&2
  if [ "$rc" -ge 2 ]; then worst=$rc; fi
done
if [ "$worst" -ge 2 ]; then
  echo "ci-local.sh: a shard failed (exit $worst): logs in $out/shards" >&2
  exit "$worst"
fi
clampbench_step 2 3 "merge, history, dashboard (scripts/ci/merge.sh)"
status=0
"$root/scripts/ci/merge.sh" "$out/shards" "$out/history" "$out/site" ${baseline:+"$baseline"} || status=$?
clampbench_step 3 3 "done: exit $status"
echo "ci-local.sh: dashboard in $out/site/index.html (merged results $out/shards/merged.json)"
exit "$status"
