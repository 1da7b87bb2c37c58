#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
#
# scripts/bench-overhead.sh [OUT.json]
#
# The harness's own overhead, in one command: configure and build the Google
# Benchmark programs of benchmarks/ (Release) into build-bench/, run each with 5 repetitions
# (medians, means, stddevs and cvs kept), merge their JSON into OUT.json (default
# results/overhead-<host>.json) and print a short table with the derived figures:
#   ledger overhead ns/alloc = BM_HostAllocatorLedger - BM_HostAllocatorNoLedger (same bytes)
#   caching / free-list      = BM_CachingPolicy / BM_FreeListAllocator (warm cache, same bytes;
#                              target <= 2), also against the inlined locked pop/push and the
#                              bare inlined vector pop/push (the floor)
#   op dispatch ns           = BM_Sub, BM_Clamp, ... on small host tensors
#   cuda (when a device is present): wrapped allocator - bare cudaMalloc / cudaMallocAsync
# All derived figures use the median of the ns_per_* counters (CPU time per event).
# OUT.json is Google Benchmark's JSON ("context", "benchmarks") plus a "clampbench" object with
# the machine, the load during the runs and the derived figures.
#
# Timings are only meaningful on a quiet machine: before each program the script waits (up to
# BENCH_LOAD_WAIT_S seconds, default 900) for the 1-minute load average to drop below
# BENCH_MAX_LOAD (default 2), then runs anyway and records the load it ran at.
#
# Environment: CLAMPBENCH_ENABLE_CUDA (ON|OFF, default ON when nvcc is found; OFF measures the
# host programs only), CLAMPBENCH_CUDA_ARCHS (default 90), BENCH_BUILD_DIR (default
# build-bench), JOBS (build parallelism, default 2), BENCH_REPETITIONS (default 5),
# BENCH_FILTER (a --benchmark_filter regex, default all), BENCH_ARGS (more flags for every
# program, e.g. --benchmark_min_time=0.05 for a quick smoke run), BENCH_MACHINE (a note on the machine,
# stored in OUT.json).
# Exit status: 0 on success, 1 when the build or a benchmark program fails, 2 for bad usage.

set -euo pipefail

usage() { echo "usage: $0 [OUT.json]" >&2; exit 2; }
[[ $# -le 1 ]] || usage
[[ ${1:-} != -* ]] || usage

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
HOST=$(hostname -s 2>/dev/null || hostname)
OUT=${1:-$ROOT/results/overhead-$HOST.json}
BUILD=${BENCH_BUILD_DIR:-$ROOT/build-bench}
JOBS=${JOBS:-2}
REPS=${BENCH_REPETITIONS:-5}
MAX_LOAD=${BENCH_MAX_LOAD:-2}
LOAD_WAIT_S=${BENCH_LOAD_WAIT_S:-900}
PY=/usr/bin/python3
[[ -x $PY ]] || PY=python3
[[ -d /usr/local/cuda/bin ]] && export PATH=$PATH:/usr/local/cuda/bin
if [[ -z ${CLAMPBENCH_ENABLE_CUDA:-} ]]; then
  command -v nvcc >/dev/null && CLAMPBENCH_ENABLE_CUDA=ON || CLAMPBENCH_ENABLE_CUDA=OFF
fi

load1() { cut -d' ' -f1 /proc/loadavg; }
# Waits for load1 < MAX_LOAD, at most LOAD_WAIT_S seconds in all; prints the load it got.
wait_for_quiet() {
  while awk -v l="$(load1)" -v m="$MAX_LOAD" 'BEGIN { exit !(l >= m) }'; do
    if ((SECONDS >= LOAD_WAIT_S)); then
      echo "warning: load $(load1) >= $MAX_LOAD after waiting; measuring anyway" >&2
      break
    fi
    echo "load $(load1) >= $MAX_LOAD: waiting for a quieter machine..." >&2
    sleep 20
  done
  load1
}

echo "== configure $BUILD (Release, CUDA $CLAMPBENCH_ENABLE_CUDA)"
cmake -S "$ROOT" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCLAMPBENCH_BUILD_BENCHMARKS=ON \
  -DCLAMPBENCH_BUILD_TESTS=OFF -DCLAMPBENCH_ENABLE_CUDA="$CLAMPBENCH_ENABLE_CUDA" \
  -DCMAKE_CUDA_ARCHITECTURES="${CLAMPBENCH_CUDA_ARCHS:-90}" >/dev/null
echo "== build clampbench_benchmarks (-j$JOBS)"
cmake --build "$BUILD" --target clampbench_benchmarks -j "$JOBS" >/dev/null

programs=(bench_ledger bench_caching bench_ops)
[[ $CLAMPBENCH_ENABLE_CUDA == ON && -x $BUILD/benchmarks/bench_cuda_alloc ]] && programs+=(bench_cuda_alloc)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
SECONDS=0
loads=()
for p in "${programs[@]}"; do
  before=$(wait_for_quiet)
  echo "== $p (load $before)"
  "$BUILD/benchmarks/$p" --benchmark_out="$TMP/$p.json" --benchmark_out_format=json \
    --benchmark_repetitions="$REPS" --benchmark_report_aggregates_only=true \
    --benchmark_filter="${BENCH_FILTER:-.}" ${BENCH_ARGS:-} >"$TMP/$p.console" 2>&1 || { cat "$TMP/$p.console"; exit 1; }
  loads+=("$p:$before:$(load1)")
done

mkdir -p "$(dirname "$OUT")"
CXX_VERSION=$("$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$BUILD/CMakeCache.txt")" --version | head -n 1)
HAVE_CUDA=$(sed -n 's/^CLAMPBENCH_ENABLE_CUDA:BOOL=//p' "$BUILD/CMakeCache.txt")
export TMP OUT REPS CXX_VERSION HAVE_CUDA BENCH_MACHINE="${BENCH_MACHINE:-}" LOADS="${loads[*]}"
"$PY" - "${programs[@]}" <<'EOF'
import json, os, platform, sys

merged, runs = None, {}
for p in sys.argv[1:]:
    with open(os.path.join(os.environ["TMP"], p + ".json")) as f:
        doc = json.load(f)
    if merged is None:
        merged = {"context": doc["context"], "benchmarks": []}
    merged["benchmarks"] += doc["benchmarks"]
for b in merged["benchmarks"]:
    if b.get("aggregate_name") == "median" and not b.get("error_occurred"):
        runs[b["run_name"]] = b

def ns(name):  # median ns per event: the benchmark's ns_per_* counter
    b = runs.get(name)
    return None if b is None else round(next(v for k, v in b.items() if k.startswith("ns_per_")), 2)

def diff(a, b):
    return None if ns(a) is None or ns(b) is None else round(ns(a) - ns(b), 2)

def ratio(a, b):
    return None if ns(a) is None or ns(b) is None else round(ns(a) / ns(b), 2)

derived = {"ledger_overhead_ns_per_alloc": {}, "ledger_plus_allocator_vs_malloc_ns": {},
           "ledger_record_ns_per_event": {}, "caching_vs_freelist_ratio": {},
           "caching_vs_inline_locked_freelist_ratio": {}, "caching_vs_bare_vector_ratio": {},
           "caching_reference_vs_immediate_ratio": {}, "caching_allocator_ledger_overhead_ns": {},
           "op_dispatch_ns": {}, "cuda_ledger_overhead_ns": {}, "cuda_vs_bare_ns": {}}
for size in (256, 4096):
    base = f"BM_HostAllocatorNoLedger/bytes:{size}"
    for scopes in (0, 1, 3):
        derived["ledger_overhead_ns_per_alloc"][f"bytes:{size}/scopes:{scopes}"] = \
            diff(f"BM_HostAllocatorLedger/bytes:{size}/scopes:{scopes}", base)
    derived["ledger_plus_allocator_vs_malloc_ns"][f"bytes:{size}"] = \
        diff(f"BM_HostAllocatorLedger/bytes:{size}/scopes:0", f"BM_MallocFree/bytes:{size}")
for scopes in (0, 1, 3):
    derived["ledger_record_ns_per_event"][f"scopes:{scopes}"] = ns(f"BM_LedgerRecord/scopes:{scopes}")
derived["steady_clock_now_ns"] = ns("BM_SteadyClockNow")
for size in (512, 4096, 1 << 20, 4 << 20):
    policy = f"BM_CachingPolicy/bytes:{size}"
    derived["caching_vs_freelist_ratio"][f"bytes:{size}"] = ratio(policy, f"BM_FreeListAllocator/bytes:{size}")
    derived["caching_vs_inline_locked_freelist_ratio"][f"bytes:{size}"] = \
        ratio(policy, f"BM_FreeListLocked/bytes:{size}")
    derived["caching_vs_bare_vector_ratio"][f"bytes:{size}"] = ratio(policy, f"BM_FreeList/bytes:{size}")
    derived["caching_reference_vs_immediate_ratio"][f"bytes:{size}"] = \
        ratio(f"BM_CachingPolicyReference/bytes:{size}", policy)
    derived["caching_allocator_ledger_overhead_ns"][f"bytes:{size}"] = \
        diff(f"BM_CachingAllocator/bytes:{size}/ledger:1", f"BM_CachingAllocator/bytes:{size}/ledger:0")
for op in ("Sub", "SubScalar", "Clamp", "ClampInPlace", "Gather"):
    for n in (16, 256):
        derived["op_dispatch_ns"][f"{op}/numel:{n}"] = ns(f"BM_{op}/numel:{n}")
bare = {"raw": "BM_CudaMalloc", "async": "BM_CudaMallocAsync", "caching": "BM_CudaMalloc"}
for kind, baseline in bare.items():
    for size in (4096, 4 << 20):
        wrapped = f"BM_CudaAllocator/{kind}/bytes:{size}/ledger:"
        derived["cuda_ledger_overhead_ns"][f"{kind}/bytes:{size}"] = diff(wrapped + "1", wrapped + "0")
        derived["cuda_vs_bare_ns"][f"{kind}/bytes:{size}"] = diff(wrapped + "1", f"{baseline}/bytes:{size}")
derived["cuda_ledger_overhead_ns"]["pinned/bytes:4096"] = \
    diff("BM_PinnedAllocator/bytes:4096/ledger:1", "BM_PinnedAllocator/bytes:4096/ledger:0")
derived["cuda_vs_bare_ns"]["pinned/bytes:4096"] = \
    diff("BM_PinnedAllocator/bytes:4096/ledger:1", "BM_CudaMallocHost/bytes:4096")

loads = {}
for item in os.environ["LOADS"].split():
    prog, before, after = item.split(":")
    loads[prog] = {"load1_before": float(before), "load1_after": float(after)}
merged["clampbench"] = {
    "machine": os.environ["BENCH_MACHINE"] or f"{platform.machine()}, {os.cpu_count()} cores",
    "host": platform.node(), "compiler": os.environ["CXX_VERSION"], "build_type": "Release",
    "cuda_enabled": os.environ["HAVE_CUDA"], "load": loads,
    "units": "ns per event: median over repetitions of the ns_per_* counter (CPU time)",
    "derived": derived}
with open(os.environ["OUT"], "w") as f:
    json.dump(merged, f, indent=2)
    f.write("\n")

print(f"\n{'benchmark (median of ' + os.environ['REPS'] + ' repetitions)':<48} {'real ns':>10} {'ns/event':>10}")
for name, b in runs.items():
    print(f"{name:<48} {b['real_time']:>10.1f} {ns(name):>10.1f}")
skipped = {b["run_name"]: b.get("error_message", "") for b in merged["benchmarks"] if b.get("error_occurred")}
for name, why in skipped.items():
    print(f"{name:<48} skipped: {why}")
print()
for key, value in derived.items():
    if isinstance(value, dict):
        value = {k: v for k, v in value.items() if v is not None}
        if not value:
            continue
    print(f"{key}: {value}")
print(f"\nwritten {os.environ['OUT']}")
EOF
