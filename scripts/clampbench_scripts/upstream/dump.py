# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Reading a `clampbench run --dump DIR` tree (manifest.json and .npy files) into torch, and
comparing vLLM's results with it bitwise."""
import json
import subprocess
from pathlib import Path

import numpy as np
import torch

from .dump_files import UNDEFINED, check_tensor


def load_manifest(dump_dir: Path) -> dict:
    with open(Path(dump_dir) / "manifest.json") as f:
        return json.load(f)


def load_tensor(dump_dir: Path, entry: dict, expected=None) -> torch.Tensor:
    """ENTRY's tensor; a file that is not what the manifest says raises DumpError (exit 2,
    one line naming it). EXPECTED: the entry giving its dtype and shape where it has none."""
    check_tensor(dump_dir, entry, expected)
    if entry.get("dtype") == UNDEFINED:  # a tensor the variant did not make: no elements
        return torch.empty(0, dtype=torch.int32)
    return torch.from_numpy(np.load(Path(dump_dir) / entry["file"], allow_pickle=False).copy())


def load_inputs(dump_dir: Path, case: dict, views=None, device=None) -> dict:
    """The case's inputs as fresh tensors (on `device`, default the CPU); `views` {name: base}
    makes `name` the view of `base` it was in the C++ case (its first rows), so that writes
    through one show in both."""
    inputs = {e["name"]: load_tensor(dump_dir, e) for e in case["inputs"]}
    if device is not None:
        inputs = {name: t.to(device) for name, t in inputs.items()}
    for name, base in (views or {}).items():
        rows = inputs[name].shape[0]
        if not torch.equal(inputs[base][:rows], inputs[name]):
            raise ValueError(f"{case['case_id']}: dumped {name} is not the first {rows} rows of {base}")
        inputs[name] = inputs[base][:rows]
    return inputs


def difference(what: str, ref, got: torch.Tensor):
    """None when vLLM's `ref` equals the port's `got` bitwise, else one line saying how. A
    Python list from vLLM (metadata it hands on as lists) is compared by value."""
    if ref is None:  # vLLM hands on no tensor (None); the port dumps an empty one
        return None if got.numel() == 0 else f"{what}: vLLM gives None, the port {list(got.shape)}"
    if not isinstance(ref, torch.Tensor):
        ref = torch.tensor(ref, dtype=got.dtype)
    if ref.dtype != got.dtype:
        return f"{what}: dtype vLLM {ref.dtype} vs port {got.dtype}"
    if tuple(ref.shape) != tuple(got.shape):
        return f"{what}: shape vLLM {list(ref.shape)} vs port {list(got.shape)}"
    ref_c, got_c = ref.contiguous(), got.contiguous()
    if torch.equal(ref_c, got_c):
        return None
    diff = (ref_c != got_c).nonzero()
    first = tuple(int(i) for i in diff[0])
    return (f"{what}: {diff.shape[0]} of {ref.numel()} elements differ; first at {list(first)}: "
            f"vLLM {ref_c[first].item()} vs port {got_c[first].item()}")


def differences(dump_dir: Path, variant: dict, outputs: dict, inputs_after: dict, only=None, skip=frozenset()):
    """Every way vLLM's outputs and inputs-after differ from what the port's variant dumped
    (of the names in `only`, when given; never the inputs in `skip`)."""
    found = []
    dumped = {o["name"]: o for o in variant["outputs"] if only is None or o["name"] in only}
    outputs = {name: t for name, t in outputs.items() if only is None or name in only}
    for name in sorted(set(outputs) | set(dumped)):
        if name not in dumped:
            found.append(f"output {name}: made by vLLM, not dumped by the port")
        elif name not in outputs:
            found.append(f"output {name}: dumped by the port, not made by vLLM")
        else:
            d = difference(f"output {name}", outputs[name], load_tensor(dump_dir, dumped[name]))
            if d:
                found.append(d)
    for entry in variant["inputs_after"]:
        if only is not None and entry["name"] not in only or entry["name"] in skip:
            continue
        d = difference(f"input {entry['name']} after the call", inputs_after[entry["name"]],
                       load_tensor(dump_dir, entry))
        if d:
            found.append(d)
    return found


def make_dump(binary, work: Path, sizes="quick"):
    """A quick host run of BINARY with --dump into WORK/dump; returns the dump directory."""
    dump_dir = work / "dump"
    cmd = [binary, "run", "--sizes", sizes, "--backend", "host", "--no-timing", "--dump", str(dump_dir),
           "--out", str(work / "r.json")]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode not in (0, 1) or not (dump_dir / "manifest.json").exists():
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: {tail}")
    return dump_dir
