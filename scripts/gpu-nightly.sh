#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
#
# scripts/gpu-nightly.sh DIR [ARCH]
#
# The nightly set's wall time on one GPU, against the nightly budget (10 minutes on one H200),
# and the ledger's cost on the CUDA allocators: build for sm_ARCH (default 90) into DIR/build
# (a build left there by scripts/gpu-check.sh DIR is reused), run
#   clampbench run --sizes nightly --backend cuda --allocator caching   (default timing)
# into DIR/nightly-caching.json, time it, and write DIR/nightly-wall.json:
#   {"device", "arch", "commit", "cases", "wall_s", "budget_s", "within_budget", "clampbench_exit"}
# then run benchmarks/bench_cuda_alloc (5 repetitions) into DIR/bench-cuda-alloc.json.
# Everything goes to DIR/gpu-nightly.log as well. Run it after gpu-check.sh, in its own
# device session if need be: the budget alone is 10 minutes.
#
# Exit status: 0 when the run's verdicts are as expected and it finished within the budget,
# 1 otherwise (build failure, unexpected verdicts, over budget), 2 for bad usage, 4 on a
# machine without a GPU.

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=detail/gpu_common.sh
source "$ROOT/scripts/detail/gpu_common.sh"
clampbench_gpu_setup gpu-nightly.log "$@"
BUDGET_S=600

main() {
  step "clampbench nightly on GPU: $ROOT -> $DIR (sm_$ARCH)"
  local commit device
  commit=$(git -C "$ROOT" rev-parse --short HEAD 2>/dev/null || echo unknown)
  step "device"
  clampbench_gpu_device
  device=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)

  step "configure and build (-j$JOBS)"
  clampbench_gpu_build "$ROOT" "$BUILD" "$ARCH" "$JOBS" 1200

  step "clampbench run --sizes nightly --backend cuda --allocator caching"
  local start end rc=0
  start=$(date +%s.%N)
  # --instructions off: the budget is the GPU run's; host instruction counts come from CI
  timeout $((BUDGET_S * 2)) "$BUILD/clampbench" run --sizes nightly --backend cuda --allocator caching \
    --instructions off --out "$DIR/nightly-caching.json" || rc=$?
  end=$(date +%s.%N)
  echo "clampbench exit $rc"

  python3 - "$DIR" "$device" "$ARCH" "$commit" "$start" "$end" "$BUDGET_S" "$rc" <<'PY'
import json, os, sys

out, device, arch, commit, start, end, budget, rc = sys.argv[1:]
wall, budget, rc = float(end) - float(start), float(budget), int(rc)
results = os.path.join(out, "nightly-caching.json")
cases = len(json.load(open(results))["cases"]) if os.path.exists(results) else 0
doc = {"device": device, "arch": f"sm_{arch}", "commit": commit, "sizes": "nightly",
       "backend": "cuda", "allocator": "caching", "cases": cases, "wall_s": round(wall, 1),
       "budget_s": budget, "within_budget": wall < budget, "clampbench_exit": rc}
tmp = os.path.join(out, "nightly-wall.json.tmp")
with open(tmp, "w") as f:
    json.dump(doc, f, indent=2)
    f.write("\n")
os.replace(tmp, os.path.join(out, "nightly-wall.json"))
print(f"nightly set on {device}: {cases} cases in {wall:.1f} s (budget {budget:.0f} s), clampbench exit {rc}")
PY

  step "bench_cuda_alloc (ledger cost on cudaMalloc / cudaMallocAsync / caching / pinned)"
  "$BUILD/benchmarks/bench_cuda_alloc" --benchmark_repetitions=5 --benchmark_report_aggregates_only=true \
    --benchmark_out="$DIR/bench-cuda-alloc.json" --benchmark_out_format=json

  ((rc == 0)) || { echo "FAIL: clampbench exit $rc (verdicts not as expected, or an error)"; return 1; }
  python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))["within_budget"] else 1)' \
    "$DIR/nightly-wall.json" || { echo "FAIL: the nightly set took longer than ${BUDGET_S} s"; return 1; }
  echo "GPU NIGHTLY PASSED"
}

clampbench_gpu_run_main
