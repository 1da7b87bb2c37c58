# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""bench_torch.py: time clampbench's clamp and clamp_ against vLLM's code under PyTorch eager on
the same dumped inputs, and write the speedups (torch time / clampbench time) to results/."""
from pathlib import Path

from . import torch_bench
from ..common.cli_parser import CliParser
from ..common.entry import guarded
from ..common.output import check_target, json_text, write_text
from ..common.path_args import path_arg

PROG = "bench_torch.py"

ROOT = Path(__file__).resolve().parents[3]


def markdown(doc):
    load = doc["load_1m"]
    pinned = {True: "pinned on both sides", False: "not pinned", None: "not recorded"}[doc.get("c_library_policy_pinned")]
    lines = [f"clampbench vs torch {doc['torch_version']} eager ({doc['torch_threads']} thread), "
             f"{doc['sizes']} sizes, CPU-time medians, {doc['rounds']} interleaved rounds; "
             f"1-minute load {load['min']:.1f}-{load['max']:.1f} (median {load['median']:.1f}) "
             f"on {doc['cpus']} CPUs; the C library's allocation thresholds {pinned}", "",
             "| suite | cases | clamp speedup (worst / geomean; one round's range) "
             "| clamp_ speedup (worst / geomean; one round's range) |",
             "|---|---|---|---|"]
    for suite, by in sorted(doc["suites"].items()):
        cells = [_cell(by[v]) if v in by else "n/a" for v in ("clamp", "clamp_")]
        mark = " (torch side: vLLM's Triton kernel in Triton's CPU interpreter, not eager)" \
            if any(b["triton_interpreter"] for b in by.values()) else ""
        lines.append(f"| {suite}{mark} | {max(b['cases'] for b in by.values())} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def _cell(entry):
    spread = (f"; {entry['round_min']:.2f}-{entry['round_max']:.2f}x" if "round_min" in entry else "")
    return f"{entry['min']:.2f}x / {entry['geomean']:.2f}x{spread}"


@guarded(PROG)
def main(argv=None):
    ap = CliParser(prog=PROG, description=__doc__)
    ap.add_argument("--binary", type=path_arg("--binary"), default=str(ROOT / "build" / "clampbench"))
    ap.add_argument("--sizes", default="quick", choices=["quick", "nightly", "full"])
    ap.add_argument("--suite", action="append", help="only these suites (repeatable)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--calls", type=int, default=5, help="timed torch calls per case, variant and round")
    ap.add_argument("--repetitions", type=int, default=3, help="clampbench timing repetitions per round")
    ap.add_argument("--min-time", type=float, default=0.01, help="clampbench --benchmark_min_time per repetition")
    ap.add_argument("--out", type=path_arg("--out"),
                    help="JSON file (default results/torch_comparison_<sizes>.json; a .md beside it)")
    args = ap.parse_args(argv)
    out = Path(args.out or ROOT / "results" / f"torch_comparison_{args.sizes}.json")
    check_target(str(out))
    check_target(str(out.with_suffix(".md")))
    doc = torch_bench.run(args.binary, args.sizes, args.rounds, args.calls, args.repetitions, args.min_time,
                          suites=args.suite)
    write_text(json_text(doc, indent=1) + "\n", str(out))
    write_text(markdown(doc), str(out.with_suffix(".md")))
    write_text(markdown(doc) + "\n")
    behind = [s for s, by in doc["suites"].items() for v in by.values() if v["min"] < 1]
    return 1 if behind else 0
