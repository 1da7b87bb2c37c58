# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""PyTorch's own caching-allocator figures for every builder and variant, next to the ledger.

On a machine with CUDA torch: for each (case, variant) of a clampbench results JSON, run the
torch reference (tests/conformance/reference) once as a warm-up and once measured, on cuda
copies of the dumped inputs, and take the torch.cuda.memory_stats() deltas of the measured
call. They go into a copy of the results JSON as the variant's `allocations.pytorch`, and a
difference between PyTorch's allocation count and the ledger's is reported per builder.

  /usr/bin/python3 tests/conformance/pytorch_alloc.py --results results/latest.json \
      [--dump DIR] [--out FILE]

--dump: the inputs (`clampbench run --dump DIR`, same --sizes and --seed as the results);
without it the script runs $CLAMPBENCH_BIN (default build/clampbench) to make one.
Exit codes: 0 written, 2 CUDA torch not available (or bad usage).

`allocations.pytorch` (schema v1 leaves the slot as an open object):
  {"available": true, "device": "cuda", "torch_version": "2.5.1", "device_name": "NVIDIA H200",
   "allocations": 12,          # allocation.all.allocated delta: tensor blocks handed out
   "frees": 9,                 # allocation.all.freed delta (outputs still alive are not freed)
   "bytes_allocated": 6144,    # allocated_bytes.all.allocated delta (rounded block sizes)
   "bytes_requested": 3072,    # requested_bytes.all.allocated delta, null on torch < 2.0
   "segments_created": 0,      # segment.all.allocated delta (cudaMalloc calls)
   "segments_released": 0,     # segment.all.freed delta
   "bytes_reserved_created": 0,  # reserved_bytes.all.allocated delta
   "peak_bytes": 1536,         # allocated_bytes.all.peak during the call above its start
   "method": "...", "ledger_allocations": 12, "agrees_with_ledger": true}
  or {"available": false, "reason": "..."} (host builders: vLLM runs them on CPU tensors).
"""

import argparse
import copy
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

METHOD = ("torch reference on cuda copies of the dumped inputs; one warm-up call, then "
          "torch.cuda.memory_stats() deltas over one call (inputs cloned before the snapshot)")
# memory_stats() key -> field of the pytorch object.
STAT_FIELDS = {
    "allocation.all.allocated": "allocations",
    "allocation.all.freed": "frees",
    "allocated_bytes.all.allocated": "bytes_allocated",
    "requested_bytes.all.allocated": "bytes_requested",
    "segment.all.allocated": "segments_created",
    "segment.all.freed": "segments_released",
    "reserved_bytes.all.allocated": "bytes_reserved_created",
}


def stat_deltas(before: dict, after: dict) -> dict:
    """Counter deltas of one call; a key the torch version lacks is None."""
    out = {}
    for key, field in STAT_FIELDS.items():
        out[field] = after[key] - before[key] if key in before and key in after else None
    peak, start = after.get("allocated_bytes.all.peak"), before.get("allocated_bytes.all.current")
    out["peak_bytes"] = peak - start if peak is not None and start is not None else None
    return out


def measure(call, make_inputs, stats, reset_peak=lambda: None, sync=lambda: None, warmup=1):
    """Deltas of `stats()` around one `call(inputs)` after `warmup` calls; inputs are made
    (cloned) before each snapshot so that their allocations are not counted."""
    for _ in range(warmup):
        call(make_inputs())
        sync()
    inputs = make_inputs()
    sync()
    reset_peak()
    before = stats()
    result = call(inputs)
    sync()
    after = stats()
    del result
    return stat_deltas(before, after)


def ledger_allocations(variant: dict):
    ledger = (variant.get("allocations") or {}).get("ledger")
    return None if ledger is None else ledger["total"]["allocations"]


def merge(results: dict, measurements: dict):
    """A copy of `results` with allocations.pytorch filled from measurements[(case_id, variant)],
    and the findings: one entry per (case, variant) whose PyTorch count differs from the ledger's."""
    merged = copy.deepcopy(results)
    findings = []
    for case in merged["cases"]:
        for variant in case["variants"]:
            m = measurements.get((case["case_id"], variant["name"]))
            if m is None:
                continue
            m = dict(m)
            allocs = variant.setdefault("allocations", {})
            if m.get("available"):
                ledger = ledger_allocations(variant)
                m["ledger_allocations"] = ledger
                m["agrees_with_ledger"] = None if ledger is None else ledger == m["allocations"]
                if ledger is not None and ledger != m["allocations"]:
                    findings.append({"suite": case["suite"], "case_id": case["case_id"],
                                     "variant": variant["name"], "ledger": ledger,
                                     "pytorch": m["allocations"]})
            if allocs is not None:
                allocs["pytorch"] = m
    return merged, findings


def findings_by_suite(findings):
    """suite -> {variant -> sorted distinct (ledger, pytorch) pairs}: the per-builder report."""
    out = {}
    for f in findings:
        pairs = out.setdefault(f["suite"], {}).setdefault(f["variant"], set())
        pairs.add((f["ledger"], f["pytorch"]))
    return {s: {v: sorted(p) for v, p in vs.items()} for s, vs in out.items()}


def measure_all(dump_dir: Path, manifest: dict, torch):
    import conformance_dump as cd
    from reference import REFERENCES

    meta = {"device": "cuda", "torch_version": torch.__version__,
            "device_name": torch.cuda.get_device_name(), "method": METHOD}
    measurements = {}
    for case, variant in cd.all_pairs(manifest):
        ref = REFERENCES[case["suite"]]
        key = (case["case_id"], variant["name"])
        if ref.host:
            measurements[key] = {"available": False,
                                 "reason": "host builder: vLLM runs it on CPU tensors, which "
                                           "torch.cuda.memory_stats does not see"}
            continue
        host_inputs = cd.load_inputs(dump_dir, case)
        cuda_inputs = {k: v.cuda() for k, v in host_inputs.items()}

        def make_inputs():
            fresh = {k: v.clone() for k, v in cuda_inputs.items()}
            return ref.prepare(case["params"], fresh) if ref.prepare else fresh

        deltas = measure(lambda inp: ref.run(variant["name"], case["params"], inp), make_inputs,
                         torch.cuda.memory_stats, torch.cuda.reset_peak_memory_stats,
                         torch.cuda.synchronize)
        measurements[key] = {"available": True, **meta, **deltas}
    return measurements


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=Path, default=Path("results/latest.json"))
    parser.add_argument("--dump", type=Path, help="dump dir of a run with the same sizes and seed")
    parser.add_argument("--out", type=Path, help="default: <results>.pytorch.json")
    args = parser.parse_args(argv)
    try:
        import torch
    except Exception as exc:
        print(f"pytorch_alloc: torch not importable: {exc}", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print(f"pytorch_alloc: needs CUDA torch and a GPU (torch {torch.__version__}, "
              f"cuda available: False); nothing written", file=sys.stderr)
        return 2
    import conformance_dump as cd

    results = json.loads(args.results.read_text())
    dump_dir = args.dump
    if dump_dir is None:
        env = results["environment"]
        if env.get("size_set") != "quick" or env.get("seed", 1) != 1:
            print("pytorch_alloc: the results are not a quick seed-1 run; pass --dump", file=sys.stderr)
            return 2
        work = Path(tempfile.mkdtemp(prefix="clampbench-pytorch-alloc-"))
        dump_dir = cd.run_clampbench(cd.default_binary(), work)
    measurements = measure_all(dump_dir, cd.load_manifest(dump_dir), torch)
    merged, findings = merge(results, measurements)
    merged["pytorch_findings"] = findings_by_suite(findings)
    out = args.out or args.results.with_suffix(".pytorch.json")
    out.write_text(json.dumps(merged, indent=2) + "\n")
    print(f"pytorch_alloc: {len(measurements)} variants measured; results with the pytorch "
          f"source in {out}")
    for suite, variants in merged["pytorch_findings"].items():
        for variant, pairs in variants.items():
            shown = ", ".join(f"ledger {a} vs pytorch {b}" for a, b in pairs)
            print(f"  {suite} [{variant}]: allocation counts differ: {shown}")
    if not findings:
        print("  every measured builder: PyTorch's allocation count equals the ledger's")
    return 0


if __name__ == "__main__":
    sys.exit(main())
