# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Reading a `clampbench run --dump DIR` tree and checking one (case, variant) against the
PyTorch reference: the logic shared by test_conformance.py and run_conformance.py."""

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List

import numpy as np
import torch

from reference import REFERENCES

REPO_ROOT = Path(__file__).resolve().parents[2]
DTYPES = {"bool": torch.bool, "int8": torch.int8, "uint8": torch.uint8, "int16": torch.int16,
          "int32": torch.int32, "int64": torch.int64, "float32": torch.float32, "float64": torch.float64}


def default_binary() -> Path:
    return Path(os.environ.get("CLAMPBENCH_BIN", REPO_ROOT / "build" / "clampbench"))


def run_clampbench(binary: Path, out_dir: Path, extra=()) -> Path:
    """Quick host run with a dump; returns the dump directory. Raises on a failed run."""
    dump_dir = out_dir / "dump"
    cmd = [str(binary), "run", "--sizes", "quick", "--backend", "host", "--no-timing",
           "--dump", str(dump_dir), "--out", str(out_dir / "r.json"), *extra]
    proc = subprocess.run(cmd, cwd=REPO_ROOT, capture_output=True, text=True)
    # Exit 1 only says a verdict differs from results/expectations.json; the dump is still whole.
    if proc.returncode not in (0, 1) or not (dump_dir / "manifest.json").exists():
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n{proc.stdout}\n{proc.stderr}")
    return dump_dir


def load_manifest(dump_dir: Path) -> dict:
    with open(dump_dir / "manifest.json") as f:
        return json.load(f)


def load_tensor(dump_dir: Path, entry: dict) -> torch.Tensor:
    t = torch.from_numpy(np.load(dump_dir / entry["file"], allow_pickle=False).copy())
    if "dtype" in entry and DTYPES[entry["dtype"]] != t.dtype:
        raise AssertionError(f"{entry['file']}: manifest says {entry['dtype']}, file holds {t.dtype}")
    if "shape" in entry and list(t.shape) != list(entry["shape"]):
        raise AssertionError(f"{entry['file']}: manifest shape {entry['shape']}, file {list(t.shape)}")
    return t


def load_inputs(dump_dir: Path, case: dict) -> Dict[str, torch.Tensor]:
    return {e["name"]: load_tensor(dump_dir, e) for e in case["inputs"]}


def describe_difference(what: str, ref: torch.Tensor, got: torch.Tensor):
    """None when bitwise equal (same dtype, shape, values); else one line saying how they differ."""
    if ref.dtype != got.dtype:
        return f"{what}: dtype torch {ref.dtype} vs C++ {got.dtype}"
    if ref.shape != got.shape:
        return f"{what}: shape torch {list(ref.shape)} vs C++ {list(got.shape)}"
    ref_c, got_c = ref.contiguous(), got.contiguous()
    if torch.equal(ref_c, got_c):
        return None
    diff = (ref_c != got_c).nonzero()
    first = tuple(int(i) for i in diff[0])
    return (f"{what}: {diff.shape[0]} of {ref.numel()} elements differ; first at {list(first)}: "
            f"torch {ref_c[first].item()} vs C++ {got_c[first].item()}")


@dataclass
class VariantCheck:
    case_id: str
    variant: str
    differences: List[str]
    reference: "object"  # reference.Result
    inputs_before: Dict[str, torch.Tensor]


def torch_variant_for(name: str) -> str:
    """The torch variant a C++ variant is checked against. `fused` (one kernel, no
    temporaries) promises clamp's outputs and clamp's effect on every input, so it is held to
    the clamp reference: vLLM has no fused form to transcribe."""
    return "clamp" if name == "fused" else name


def check_variant(dump_dir: Path, case: dict, variant: dict) -> VariantCheck:
    ref = REFERENCES[case["suite"]]
    before = load_inputs(dump_dir, case)
    inputs = {k: v.clone() for k, v in before.items()}
    if ref.prepare is not None:
        inputs = ref.prepare(case["params"], inputs)
    result = ref.run(torch_variant_for(variant["name"]), case["params"], inputs)
    diffs = []
    dumped_outputs = {o["name"]: o for o in variant["outputs"]}
    if not dumped_outputs:
        diffs.append("the C++ call failed: no outputs were dumped")
    for name in sorted(set(result.outputs) | set(dumped_outputs)):
        if name not in dumped_outputs:
            diffs.append(f"output {name}: made by torch, not dumped by C++")
        elif name not in result.outputs:
            diffs.append(f"output {name}: dumped by C++, not made by torch")
        else:
            d = describe_difference(f"output {name}", result.outputs[name],
                                    load_tensor(dump_dir, dumped_outputs[name]))
            if d:
                diffs.append(d)
    for entry in variant["inputs_after"]:
        name = entry["name"]
        d = describe_difference(f"input {name} after the call", result.inputs_after[name].contiguous(),
                                load_tensor(dump_dir, entry))
        if d:
            diffs.append(d)
    return VariantCheck(case["case_id"], variant["name"], diffs, result, before)


def all_pairs(manifest: dict):
    """(case, variant) pairs of the manifest, in order."""
    for case in manifest["cases"]:
        for variant in case["variants"]:
            yield case, variant
