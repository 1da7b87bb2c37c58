# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py on a spoiled `clampbench run --dump` tree: a .npy file cut short (a full disk), of
another dtype or shape than its manifest entry, not a .npy file at all, or a manifest dtype no
tool knows. Every file is checked before any site runs: one line naming the file and the
problem, exit 2, never numpy's traceback (exit 3) halfway through. The trees compared are empty
vllm/ directories, so no vLLM release is needed; the dump is a small hand-made one of the same
layout as the binary's (harness/dump/detail/dump_directory.cpp), and the binary's own quick
dump, where there is a binary, passes the same check."""
import json
import os

import numpy as np
import pytest
from clampbench_testing import one_line_error, run_script

pytest.importorskip("torch")  # the sites import it before the dump is read
TIMEOUT = 300
CASE = "ngram_update/R_1"


def _dump(root):
    """A one-case dump of a site's suite: input x, output y, x after the call."""
    for sub, name, array in (("inputs", "x", np.arange(6, dtype=np.int32).reshape(2, 3)),
                             ("clamp/outputs", "y", np.arange(3, dtype=np.int64)),
                             ("clamp/inputs_after", "x", np.arange(6, dtype=np.int32).reshape(2, 3))):
        (root / CASE / sub).mkdir(parents=True, exist_ok=True)
        np.save(root / CASE / sub / f"{name}.npy", array)
    manifest = {"schema_version": 1, "cases": [{
        "case_id": "ngram_update/R=1", "suite": "ngram_update", "params": {},
        "inputs": [{"name": "x", "file": f"{CASE}/inputs/x.npy", "dtype": "int32", "shape": [2, 3],
                    "role": "persistent"}],
        "variants": [{"name": "clamp", "verdict": "pass", "host_cost": {},
                      "outputs": [{"name": "y", "file": f"{CASE}/clamp/outputs/y.npy", "dtype": "int64", "shape": [3]}],
                      "inputs_after": [{"name": "x", "file": f"{CASE}/clamp/inputs_after/x.npy"}]}]}]}
    (root / "manifest.json").write_text(json.dumps(manifest))
    return root


def _cut(path, keep):
    with open(path, "r+b") as f:
        f.truncate(keep)


def _set_manifest(root, edit):
    manifest = json.loads((root / "manifest.json").read_text())
    edit(manifest["cases"][0])
    (root / "manifest.json").write_text(json.dumps(manifest))


SPOILS = {
    "data cut short": (lambda d: _cut(d / CASE / "inputs/x.npy", os.path.getsize(d / CASE / "inputs/x.npy") - 4),
                       "inputs/x.npy", "cut short: 20 bytes of data, its header says 24"),
    "header cut short": (lambda d: _cut(d / CASE / "clamp/outputs/y.npy", 40), "outputs/y.npy", "not a .npy file"),
    "not npy": (lambda d: (d / CASE / "clamp/outputs/y.npy").write_text("hello\n"), "outputs/y.npy", "not a .npy file"),
    "wrong dtype": (lambda d: np.save(d / CASE / "inputs/x.npy", np.zeros((2, 3), np.float32)),
                    "inputs/x.npy", "holds float32, the manifest says int32"),
    "wrong shape": (lambda d: np.save(d / CASE / "clamp/outputs/y.npy", np.zeros(4, np.int64)),
                    "outputs/y.npy", "holds shape [4], the manifest says [3]"),
    "input after of another dtype": (lambda d: np.save(d / CASE / "clamp/inputs_after/x.npy", np.zeros((2, 3), np.int64)),
                                     "inputs_after/x.npy", "holds int64, the manifest says int32"),
    "unknown manifest dtype": (lambda d: _set_manifest(d, lambda c: c["inputs"][0].update(dtype="bfloat17")),
                               "inputs/x.npy", "unknown dtype 'bfloat17'"),
    "objects": (lambda d: np.save(d / CASE / "inputs/x.npy", np.array([{}], dtype=object)),
                "inputs/x.npy", "Python objects"),
}


def _cost(tmp_path, dump_dir):
    tree = tmp_path / "tree"
    (tree / "vllm").mkdir(parents=True, exist_ok=True)
    return run_script("upstream.py", "cost", "--base", tree, "--head", tree, "--dump", dump_dir, timeout=TIMEOUT)


def test_an_unspoiled_dump_is_read(tmp_path):
    proc = _cost(tmp_path, _dump(tmp_path / "dump"))
    assert proc.returncode == 0, proc.stderr
    assert "| ngram_update | 1 |" in proc.stdout


@pytest.mark.parametrize("spoil", SPOILS)
def test_a_spoiled_dump_is_one_line_naming_the_file(tmp_path, spoil):
    dump_dir = _dump(tmp_path / "dump")
    edit, file, says = SPOILS[spoil]
    edit(dump_dir)
    proc = _cost(tmp_path, dump_dir)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    line = one_line_error(proc)
    assert line.startswith(f"upstream.py cost: {dump_dir / CASE}/") and file in line and says in line, line


@pytest.mark.parametrize("spoil", ["data cut short", "wrong dtype", "unknown manifest dtype"])
def test_loading_a_spoiled_tensor_raises_the_one_line_error(tmp_path, spoil):
    """The same check where a site loads the tensor (a dump that changed after the first check,
    or a caller that made none): an InputError, exit 2 through the tools' error handler."""
    from clampbench_scripts.common.errors import InputError
    from clampbench_scripts.upstream import dump
    dump_dir = _dump(tmp_path / "dump")
    SPOILS[spoil][0](dump_dir)
    case = dump.load_manifest(dump_dir)["cases"][0]
    with pytest.raises(InputError, match=SPOILS[spoil][2]):
        dump.load_inputs(dump_dir, case)


def test_the_binarys_own_dump_passes_the_check_until_spoiled(clampbench, tmp_path):
    from clampbench_scripts.upstream.dump_ready import dump_problem
    dump_dir = tmp_path / "dump"
    proc = clampbench("run", "--sizes", "quick", "--backend", "host", "--no-timing", "--dump", dump_dir,
                      "--out", tmp_path / "r.json", timeout=TIMEOUT)
    assert proc.returncode in (0, 1), proc.stderr
    assert dump_problem(dump_dir) is None
    after = sorted(dump_dir.rglob("inputs_after/*.npy"))[0]  # no dtype in the manifest: the input's
    _cut(after, os.path.getsize(after) - 1)
    assert dump_problem(dump_dir).startswith(f"{after}: cut short: "), dump_problem(dump_dir)
