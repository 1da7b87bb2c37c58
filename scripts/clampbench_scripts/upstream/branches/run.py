# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One side of `upstream.py compare`: a vLLM tree (a release on PyPI, a wheel file or a
directory) opened for running, and one of its sites run once on a dumped case, with the
allocations PyTorch makes and the writes into the persistent inputs recorded."""
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List

from .. import dump
from ..problems import one_line
from ..vllm_code import source
from ..vllm_code.extract import ExtractError
from ..vllm_code.host_cost import HostCost
from ..vllm_code.release import Release
from .dispatch_writes import WriteRecorder, storage_key

WHEEL_NAME = re.compile(r"^vllm-([^-]+)-.*\.whl$")


def open_tree(spec: str) -> Release:
    """A Release for SPEC: a directory holding vllm/, a vllm-*.whl file, or a version number
    (fetched from PyPI, cached). Raises source.SourceError saying what SPEC is not."""
    path = Path(spec)
    if path.is_dir():
        return Release(source.DirSource(path))
    if spec.endswith(".whl") or "/" in spec:
        if not path.is_file():
            raise source.SourceError(f"{spec}: no such wheel file or directory")
        match = WHEEL_NAME.match(path.name)
        if not match:
            raise source.SourceError(f"{spec}: not a vllm wheel (expected vllm-VERSION-....whl)")
        try:
            return Release(source.WheelSource(path, match.group(1)))
        except (zipfile.BadZipFile, OSError) as exc:
            raise source.SourceError(f"{spec}: cannot read the wheel ({exc})") from None
    return Release(source.open_release(spec))


@dataclass
class Call:
    """What one call of a site did: its outputs, the inputs before and after it, PyTorch's
    allocations (AllocationCounter events), the latent writes {(buffer, op): LatentWrite} and
    its host cost."""
    outputs: dict
    inputs_before: Dict[str, object]
    inputs_after: Dict[str, object]
    allocations: List[tuple] = field(default_factory=list)
    writes: dict = field(default_factory=dict)
    host_cost: dict = None  # the results' host_cost block (vllm_code/host_cost.py)


def persistent_storages(case, inputs):
    """{storage key: buffer} of the persistent inputs; a storage shared by several (a view
    and its base) is named by the first of them in the case's order."""
    watched = {}
    for entry in case["inputs"]:
        if entry["role"] == "persistent":
            watched.setdefault(storage_key(inputs[entry["name"]]), entry["name"])
    return watched


def run_once(release, site, runner, dump_dir, case) -> Call:
    """vLLM's code for `site` on fresh copies of the case's inputs, counted and watched."""
    inputs = dump.load_inputs(dump_dir, case, site.views)
    before = {k: v.clone() for k, v in inputs.items()}
    cost = HostCost(site.on_device)
    recorder = WriteRecorder(persistent_storages(case, inputs), quiet=(cost,),
                             on_device=cost.on_gpu if site.on_device else None)
    cost.mark(inputs.values())
    with release.costing(cost):
        outputs = runner(case["params"], inputs, lambda: release.counting(recorder))
    return Call(outputs, before, inputs, recorder.events, recorder.writes, cost.block())


def bind(release, site):
    """(runner, None) or (None, (problem, one line)); an optional site absent from the tree
    is (None, None): not in this release, no problem."""
    try:
        site.locate(release)
        return site.bind(release), None
    except ExtractError as exc:
        if site.optional and exc.kind == "missing":
            return None, None
        return None, (exc.kind, one_line(exc))
    except Exception as exc:  # vLLM code that no longer compiles on the stand-ins
        return None, ("cannot_run", one_line(exc))
