# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The upstream tests' shared state (the releases and one dump of a quick run, made once per
session); see conftest.py for the environment it reads."""
import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

_STATE = {}


def _unavailable(reason):
    if os.environ.get("CLAMPBENCH_REQUIRE_UPSTREAM") == "1":
        raise pytest.UsageError(f"upstream conformance required but unavailable: {reason}")
    return None, reason


def _prepare():
    """((releases {version: Release}, dump_dir, manifest, results) or None, skip reason)."""
    try:
        import torch  # noqa: F401
        from clampbench_scripts.upstream.vllm_code import adapt
        adapt.load_triton()
    except Exception as exc:  # ImportError, or a broken install raising something else
        return _unavailable(f"torch and Triton are needed ({type(exc).__name__}: {exc})")
    from clampbench_scripts.upstream import dump
    from clampbench_scripts.upstream.vllm_code import source
    from clampbench_scripts.upstream.vllm_code.release import Release
    try:
        releases = {v: Release(source.open_release(v)) for v in (source.BEFORE_PR, source.AFTER_PR)}
        source.fetch_wheel(source.NEWEST_CHECKED)  # for the newest-release tests: cached, or fail in CI
    except source.SourceError as exc:
        return _unavailable(str(exc))
    given = os.environ.get("CLAMPBENCH_DUMP")
    if given:
        dump_dir = Path(given)
        results = None
    else:
        binary = Path(os.environ.get("CLAMPBENCH_BIN", ROOT / "build" / "clampbench"))
        if not binary.exists():
            return _unavailable(f"clampbench binary not found at {binary} (build it, or set CLAMPBENCH_BIN)")
        work = Path(tempfile.mkdtemp(prefix="clampbench-upstream-"))
        atexit.register(shutil.rmtree, work, True)
        dump_dir = work / "dump"
        cmd = [str(binary), "run", "--sizes", "quick", "--backend", "host", "--no-timing",
               "--dump", str(dump_dir), "--out", str(work / "r.json")]
        proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if proc.returncode not in (0, 1) or not (dump_dir / "manifest.json").exists():
            raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}:\n{proc.stderr[-3000:]}")
        results = work / "r.json"
    return (releases, dump_dir, dump.load_manifest(dump_dir), results), None


def upstream_state():
    if "value" not in _STATE:
        _STATE["value"] = _prepare()
    return _STATE["value"]


def edit(tree, relpath, old, new):
    """Replaces OLD by NEW once in TREE/RELPATH (an unpacked vLLM tree a test alters)."""
    path = tree / relpath
    text = path.read_text()
    assert old in text, (relpath, old)
    path.write_text(text.replace(old, new, 1))
