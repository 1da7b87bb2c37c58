#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
#
# scripts/gpu-check.sh DIR [ARCH]
#
# The GPU path, proven on a real GPU, in one go (no network needed): configure and build for
# sm_ARCH (default 90, H100/H200) into DIR/build, run the `cuda_logic` tests twice (on the
# grid emulator, and the same tests on the device: label cuda_logic_gpu), run ctest with the
# `gpu` label (failing if a GPU test skipped although a GPU is present), run the quick suites
# on cuda with each allocator (caching, async, raw) into DIR/results-<allocator>.json, and
# check that every verdict is the expected one (clampbench's exit code 0) and that CUPTI
# agrees with the allocation ledger: "agree" for every builder call under raw and async, no
# "disagree" under caching (where CUPTI sees segments only). Everything goes to
# DIR/gpu-check.log; one table is printed last.
# Budget: 10 minutes on one H200 with 16 cores, build included (GPU_CHECK_BUDGET_S, default
# 570); timing runs only for caching, with few repetitions.
#
# Needs: nvidia-smi, the CUDA toolkit (nvcc, CUPTI), CMake, a C++20 compiler, and the C++
# dependencies of the build (fmt, nlohmann-json, GTest, Google Benchmark), python3 (json only).
# Exit status: 0 when everything holds, 1 when a check fails, 2 for bad usage, 4 on a machine
# without a GPU (at the device step: nothing is built or run then; the device-free part is
# `ctest -L cuda_logic`).

set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# shellcheck source=detail/gpu_common.sh
source "$ROOT/scripts/detail/gpu_common.sh"
clampbench_gpu_setup gpu-check.log "$@"
BUDGET_S=${GPU_CHECK_BUDGET_S:-570}

# Seconds left of the budget for one step (at least 10, so a late step still reports).
left() { local l=$((BUDGET_S - SECONDS)); ((l > 10)) && echo "$l" || echo 10; }

main() {
  step "clampbench GPU check: $ROOT -> $DIR (sm_$ARCH)"
  git -C "$ROOT" log -1 --format='commit %H %s' 2>/dev/null || true

  step "device"
  clampbench_gpu_device

  step "configure and build (-j$JOBS)"
  clampbench_gpu_build "$ROOT" "$BUILD" "$ARCH" "$JOBS" "$(left)"

  # The kernels' logic first: on the emulator (label cuda_logic), then the same tests on the
  # device (label cuda_logic_gpu, which -L gpu selects too). A failure names the op and shape.
  step "ctest: cuda_logic on the grid emulator and on the device"
  local logic_out logic_rc=0
  logic_out=$(cd "$BUILD" && timeout "$(left)" ctest -L cuda_logic -j "$JOBS" --output-on-failure --timeout 300 2>&1) ||
    logic_rc=$?
  echo "$logic_out"
  local emulated_total device_total device_skipped
  emulated_total=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#' <<<"$logic_out" || true)
  device_total=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: device\.' <<<"$logic_out" || true)
  device_skipped=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#[0-9]+: device\..*\*\*\*Skipped' <<<"$logic_out" || true)
  emulated_total=$((emulated_total - device_total))
  CUDA_LOGIC_ROW="$emulated_total emulated, $device_total on the device ($device_skipped skipped), ctest exit $logic_rc"
  echo "cuda_logic: $CUDA_LOGIC_ROW"
  ((logic_rc == 0)) || { echo "FAIL: cuda_logic tests failed"; print_table; return 1; }
  ((device_total > 0)) || { echo "FAIL: no cuda_logic_gpu test"; print_table; return 1; }
  ((device_skipped == 0)) || { echo "FAIL: cuda_logic tests skipped on a machine with a GPU"; print_table; return 1; }

  step "ctest: label gpu (the other device tests)"
  local gpu_out rc=0
  gpu_out=$(cd "$BUILD" && timeout "$(left)" ctest -L gpu -LE cuda_logic --output-on-failure --timeout 120 2>&1) ||
    rc=$?
  echo "$gpu_out"
  local gpu_total gpu_skipped
  gpu_total=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#' <<<"$gpu_out" || true)
  gpu_skipped=$(grep -cE '^ *[0-9]+/[0-9]+ Test +#.*\*\*\*Skipped' <<<"$gpu_out" || true)
  echo "gpu tests: $gpu_total run, $gpu_skipped skipped, ctest exit $rc"
  GPU_ROW="$gpu_total run, $gpu_skipped skipped, ctest exit $rc"
  ((rc == 0)) || { echo "FAIL: gpu tests failed"; return 1; }
  ((gpu_total > 0)) || { echo "FAIL: no test carries the gpu label"; return 1; }
  ((gpu_skipped == 0)) || { echo "FAIL: gpu tests skipped on a machine with a GPU"; return 1; }

  step "ctest: everything else"
  rc=0
  (cd "$BUILD" && timeout "$(left)" ctest -LE 'gpu|cuda_logic' -j "$JOBS" --output-on-failure --timeout 120) || rc=$?
  OTHER_ROW="ctest exit $rc"
  ((rc == 0)) || { echo "FAIL: ctest"; return 1; }

  local runs=() allocator
  for allocator in caching async raw; do
    step "clampbench run --sizes quick --backend cuda --allocator $allocator"
    local timing=(--no-timing)
    [[ $allocator == caching ]] && timing=(--repetitions 3)
    rc=0
    # --instructions off: device time is scarce, and instructions are counted on host cases only
    timeout "$(left)" "$BUILD/clampbench" run --sizes quick --backend cuda --allocator "$allocator" \
      "${timing[@]}" --instructions off --out "$DIR/results-$allocator.json" || rc=$?
    echo "clampbench exit $rc"
    runs+=("$allocator:$rc:$DIR/results-$allocator.json")
  done

  step "verdicts and CUPTI cross-check"
  CUDA_LOGIC_ROW=$CUDA_LOGIC_ROW GPU_ROW=$GPU_ROW OTHER_ROW=$OTHER_ROW python3 - "${runs[@]}" <<'PY'
import json, os, sys

rows, failures = [], []
for arg in sys.argv[1:]:
    allocator, rc, path = arg.split(":", 2)
    rc = int(rc)
    row = {"allocator": allocator, "cases": 0, "calls": 0, "unexpected": 0, "agree": 0, "launches_agree": 0, "checked": 0, "rc": rc}
    rows.append(row)
    if not os.path.exists(path):
        failures.append(f"{allocator}: no results file (clampbench exit {rc})")
        continue
    with open(path) as f:
        doc = json.load(f)
    env = doc.get("environment", {})
    if env.get("backend") != "cuda":
        failures.append(f"{allocator}: ran on backend {env.get('backend')!r}, not cuda")
    if env.get("allocator") != allocator:
        failures.append(f"{allocator}: results say allocator {env.get('allocator')!r}")
    clocks = env.get("gpu_clocks") or {}
    print(f"{allocator}: gpu clocks {json.dumps(clocks)}")
    if not (clocks.get("start") or {}).get("available"):
        failures.append(f"{allocator}: no GPU clock record: {(clocks.get('start') or {}).get('reason')}")
    for case in doc.get("cases", []):
        row["cases"] += 1
        for v in case.get("variants", []):
            where = f"{allocator}: {case.get('case_id')} {v.get('name')}"
            row["calls"] += 1
            if v.get("expected") is not True:
                row["unexpected"] += 1
                failures.append(f"{where}: verdict {v.get('verdict')}, expected {v.get('expected_verdict')}"
                                + (f" ({v['error']})" if v.get("error") else ""))
            cupti = (v.get("allocations") or {}).get("cupti") or {}
            if not cupti.get("available"):
                if v.get("verdict") != "error":
                    failures.append(f"{where}: CUPTI unavailable: {cupti.get('reason')}")
                continue
            check = cupti.get("cross_check") or {}
            status = check.get("status")
            row["checked"] += 1
            row["agree"] += status == "agree"
            if status == "disagree" or (allocator in ("raw", "async") and status != "agree"):
                failures.append(f"{where}: cross-check {status}: {check.get('detail')}")
            launches = cupti.get("launch_check") or {}
            row["launches_agree"] += launches.get("status") == "agree"
            if launches.get("status") != "agree":  # the host cost's kernels are exact on cuda
                failures.append(f"{where}: host cost vs CUPTI {launches.get('status')}: {launches.get('detail')}")
    outcome = doc.get("outcome", {})
    if rc != 0 or outcome.get("status") != "as_expected":
        failures.append(f"{allocator}: clampbench exit {rc}, outcome {outcome.get('status')}")

for line in failures[:50]:
    print("FAIL", line)
if len(failures) > 50:
    print(f"... and {len(failures) - 50} more failures")
print()
print(f"{'ctest cuda_logic':<22} {os.environ['CUDA_LOGIC_ROW']}")
print(f"{'ctest gpu':<22} {os.environ['GPU_ROW']}")
print(f"{'ctest other labels':<22} {os.environ['OTHER_ROW']}")
print(f"{'allocator':<10} {'cases':>5} {'calls':>5}  {'verdicts as expected':<20}  {'cross-check agree':<17}  "
      f"{'launches agree':<15}  exit")
for r in rows:
    ok = "yes" if r["unexpected"] == 0 and r["calls"] > 0 else f"no ({r['unexpected']} off)"
    print(f"{r['allocator']:<10} {r['cases']:>5} {r['calls']:>5}  {ok:<20}  {r['agree']:>5} / {r['checked']:<9}  "
          f"{r['launches_agree']:>5} / {r['checked']:<7}  {r['rc']}")
print("GPU CHECK", "PASSED" if not failures else f"FAILED ({len(failures)} problems)")
sys.exit(1 if failures else 0)
PY
}

# The table's ctest rows, for a run that stops before the quick set.
print_table() {
  printf '\n%-22s %s\n' "ctest cuda_logic" "${CUDA_LOGIC_ROW:-not run}"
  printf '%-22s %s\n' "ctest gpu" "${GPU_ROW:-not run}"
  echo "GPU CHECK FAILED"
}

clampbench_gpu_run_main
