# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/pytorch_alloc.py: PyTorch's own caching-allocator figures for vLLM's code at every site
and variant, merged into a copy of a clampbench results JSON as `allocations.pytorch`.

  scripts/pytorch_alloc.py --results results/latest.json [--dump DIR] [--out FILE]

Needs CUDA torch and a GPU, the vLLM wheels (cached under $CLAMPBENCH_CACHE, downloaded on a
miss), and Triton for the sites whose vLLM code is a Triton kernel (compiled for the GPU; those
sites are recorded unavailable without it). --dump: the inputs (`clampbench run --dump DIR`,
same --sizes and --seed as the results); without it $CLAMPBENCH_BIN (default build/clampbench)
makes one. Exit codes: 0 written; 2 no CUDA torch, a wheel that cannot be had, or bad usage;
3 the clampbench run for the dump failed (nothing written but on 0).

`allocations.pytorch` (schema v1 leaves the slot an open object): {"available": true,
"device": "cuda", "torch_version", "device_name", "method", "vllm_version": the release run,
"allocations" (allocation.all.allocated delta), "frees" (allocation.all.freed; outputs still
alive are not freed), "bytes_allocated" (rounded block sizes), "bytes_requested" (null on torch
< 2.0), "segments_created", "segments_released", "bytes_reserved_created", "peak_bytes" (peak
above the start), "adaptations" (adapt.ADAPTATIONS used by the call), "ledger_allocations",
"agrees_with_ledger"}, or {"available": false, "reason": "..."}."""
import os
import sys
import tempfile
from pathlib import Path

from ...common.cli_parser import CliParser
from ...common.entry import guarded
from ...common.escape import terminal_text
from ...common.interpreter import advice
from ...common.output import check_target, json_text, write_text
from ...common.path_args import path_arg
from ...common.results import load_document
from .merge import findings_by_suite, merge

PROG = "pytorch_alloc.py"
ROOT = Path(__file__).resolve().parents[4]


@guarded(PROG)
def main(argv=None) -> int:
    parser = CliParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("--results", type=path_arg("--results", Path), default=Path("results/latest.json"))
    parser.add_argument("--dump", type=path_arg("--dump", Path), help="dump dir of a run with the same sizes and seed")
    parser.add_argument("--out", type=path_arg("--out", Path), help="default: <results>.pytorch.json")
    args = parser.parse_args(argv)
    check_target(str(args.out or args.results.with_suffix(".pytorch.json")), [str(args.results)])
    try:
        import torch
    except Exception as exc:
        print(terminal_text(f"{PROG}: torch not importable ({exc}): {advice('torch')}; nothing written"),
              file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print(f"{PROG}: needs CUDA torch and a GPU (torch {torch.__version__}, cuda available: "
              f"False); nothing written", file=sys.stderr)
        return 2
    from .. import dump
    from ..vllm_code import source
    from ..vllm_code.release import Release
    from . import allocator, measure

    results = load_document(str(args.results))
    try:
        releases = {v: Release(source.open_release(v), triton_interpret=False)
                    for v in (source.BEFORE_PR, source.AFTER_PR)}
    except source.SourceError as exc:
        print(f"{PROG}: {exc}; nothing written", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="clampbench-pytorch-alloc-") as work:
        dump_dir = args.dump
        if dump_dir is None:
            env = results["environment"]
            if env.get("size_set") != "quick" or env.get("seed", 1) != 1:
                print(f"{PROG}: the results are not a quick seed-1 run; pass --dump", file=sys.stderr)
                return 2
            binary = os.environ.get("CLAMPBENCH_BIN", str(ROOT / "build" / "clampbench"))
            try:
                dump_dir = dump.make_dump(binary, Path(work))
            except (RuntimeError, OSError) as exc:
                print(f"{PROG}: {exc}; nothing written", file=sys.stderr)
                return 3
        meta = {"device": "cuda", "torch_version": torch.__version__,
                "device_name": torch.cuda.get_device_name(), "method": measure.METHOD}
        measurements = measure.measure_all(dump_dir, dump.load_manifest(dump_dir), releases,
                                             allocator.cuda_allocator(torch), meta)
    merged, findings = merge(results, measurements)
    merged["pytorch_findings"] = findings_by_suite(findings)
    out = args.out or args.results.with_suffix(".pytorch.json")
    write_text(json_text(merged, indent=2) + "\n", str(out))
    report(measurements, merged["pytorch_findings"], out)
    return 0


def report(measurements, by_suite, out):
    measured = sum(1 for m in measurements.values() if m.get("available"))
    print(f"{PROG}: {measured} of {len(measurements)} variants measured; results with the pytorch "
          f"source in {out}")
    for reason in sorted({m["reason"] for m in measurements.values() if not m.get("available")}):
        print(terminal_text(f"  not measured: {reason}"))
    for suite, variants in by_suite.items():  # names from the results file: escaped
        for variant, pairs in variants.items():
            shown = ", ".join(f"ledger {a} vs pytorch {b}" for a, b in pairs)
            print(terminal_text(f"  {suite} [{variant}]: allocation counts differ: {shown}"))
    if not by_suite:
        print("  every measured variant: PyTorch's allocation count equals the ledger's")
