#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# One job of a sharded matrix: shard.sh INDEX COUNT OUTDIR [clampbench run args...] runs
#   build/clampbench run --shard INDEX/COUNT --out OUTDIR/shard-INDEX-of-COUNT.json [args...]
# in the current directory (the job has built the binary: BINARY in the environment names
# another one; build/ is this checkout's) and exits with the run's exit code (0 as expected, 1 unexpected, 2 usage,
# 3 internal, 130/143 interrupted). ci/steps/merge.sh joins the shard files. docs/ci.md.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
if [ $# -lt 3 ]; then
  echo "shard.sh: usage: shard.sh INDEX COUNT OUTDIR [clampbench run args...]" >&2
  exit 2
fi
index=$1 count=$2 outdir=$3
shift 3
binary=${BINARY:-$root/build/clampbench}
if [ ! -x "$binary" ]; then
  echo "shard.sh: no clampbench binary at $binary: build it first (cmake --preset main && cmake --build --preset main)" >&2
  exit 2
fi
if [ -z "$outdir" ]; then echo "shard.sh: OUTDIR is empty" >&2; exit 2; fi
mkdir -p -- "$outdir"
# Not passed on: a callgrind instruction count moves by a few instructions with the size of
# the process's environment, and a shard's counts should be the unsharded run's.
unset BINARY
status=0
"$binary" run --shard "$index/$count" --out "$outdir/shard-$index-of-$count.json" "$@" || status=$?
exit "$status"
