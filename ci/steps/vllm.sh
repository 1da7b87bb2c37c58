#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# ci/steps/vllm.sh VLLM STATEDIR OUTDIR: the nightly's vLLM axis, one vLLM tree (a release on
# PyPI, a vllm-*.whl, or a checkout) against clampbench's ports, with build/clampbench built.
#   1. upstream.py: does every port still agree bitwise with this tree's own code
#      (OUTDIR/ports.md)?
#   2. upstream.py compare --base $CLAMPBENCH_VLLM_REFERENCE (default 0.25.0, the last
#      release before clamp became clamp_) --head VLLM: what this tree's sites allocate and
#      which hazards they have (OUTDIR/reference.json, OUTDIR/head.json)
#   3. compare.py --fail-on verdicts STATEDIR/head.json (the last accepted night of this tree)
#      OUTDIR/head.json: a hazard finding the tree has added since (OUTDIR/since-last.md).
#      Tonight becomes STATEDIR/head.json only when that comparison passed (exit 0; the first
#      night: when every site ran), or with CLAMPBENCH_ACCEPT=true: a new hazard, a NOT
#      ASSESSED comparison (a site gone, a figure missing) or a failed one keeps the last
#      accepted night, so a hazard is reported every night until fixed or accepted.
#   4. upstream.py scan --strict --origin cm: every in-place write into the common attention
#      metadata's memory that this tree's builders make is covered by a suite or has a stated
#      reason (OUTDIR/scan.txt); one with neither fails the night every night until answered.
# The interpreter is $CLAMPBENCH_UPSTREAM_PYTHON (torch + Triton; scripts/test.sh makes one).
# Exit: 0 agreed and nothing new; 1 a port disagrees, a new hazard or an unanswered one; 2 bad
# usage; 3 a tool failed or the comparison was not assessed; 4 a site is missing, no longer
# parses or no longer runs on the stand-ins, or a file the scan reads does not parse (the rest
# still checked).
set -uo pipefail
cd "$(dirname "$0")/../.."
if [ $# -ne 3 ]; then
  echo "usage: ci/steps/vllm.sh VLLM STATEDIR OUTDIR" >&2
  exit 2
fi
vllm=$1 state=$2 out=$3
py=${CLAMPBENCH_UPSTREAM_PYTHON:-}
if [ -z "$py" ] || [ ! -x "$py" ]; then
  echo "vllm.sh: CLAMPBENCH_UPSTREAM_PYTHON must name an interpreter with torch and Triton" >&2
  exit 2
fi
reference=${CLAMPBENCH_VLLM_REFERENCE:-0.25.0}
mkdir -p "$state" "$out" || exit 3
if [ -d "$vllm" ]; then tree=(--vllm-src "$vllm"); else tree=(--vllm-version "$vllm"); fi

ports=0
"$py" scripts/upstream.py "${tree[@]}" --format md --out "$out/ports.md" || ports=$?
sites=0
"$py" scripts/upstream.py compare --base "$reference" --head "$vllm" --no-timing \
  --out-base "$out/reference.json" --out-head "$out/head.json" || sites=$?
gate=0
if [ -f "$state/head.json" ] && [ -f "$out/head.json" ]; then
  /usr/bin/python3 scripts/compare.py "$state/head.json" "$out/head.json" --fail-on verdicts \
    --format md > "$out/since-last.md" || gate=$?
fi
scan=0
"$py" scripts/upstream.py scan --strict "${tree[@]}" --origin cm --out "$out/scan.txt" || scan=$?
accept=false
if [ -f "$state/head.json" ]; then
  if [ "$gate" = 0 ]; then accept=true; fi
elif [ "$sites" = 0 ]; then
  accept=true
fi
if [ "${CLAMPBENCH_ACCEPT:-}" = true ]; then accept=true; fi
if [ -f "$out/head.json" ] && [ "$accept" = true ]; then
  cp "$out/head.json" "$state/head.json.tmp" && mv "$state/head.json.tmp" "$state/head.json" || exit 3
fi

echo "vllm.sh: vLLM $vllm: upstream.py exit $ports, upstream.py compare exit $sites, compare.py since the last night exit $gate, upstream.py scan --strict exit $scan" >&2
if [ "$ports" = 1 ] || [ "$gate" = 1 ] || [ "$scan" = 1 ]; then exit 1; fi
case "$ports" in 0|4|5|6) ;; *) exit 3 ;; esac
case "$sites" in 0|4|5|6) ;; *) exit 3 ;; esac
case "$gate" in 0) ;; *) exit 3 ;; esac
case "$scan" in 0|5) ;; *) exit 3 ;; esac
case "$ports$sites$scan" in 000) exit 0 ;; *) exit 4 ;; esac
