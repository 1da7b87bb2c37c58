# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Upstream conformance fixtures: the two vLLM releases either side of pull request #48143 (and the
newest release the tool is held to, source.NEWEST_CHECKED)
(downloaded once from PyPI and cached, see scripts/clampbench_scripts/upstream/source.py), and
one quick host run of clampbench with --dump, made at collection time.

Environment:
  CLAMPBENCH_BIN               the binary (default <repo>/build/clampbench)
  CLAMPBENCH_DUMP              an existing dump directory to check instead of running the binary
  CLAMPBENCH_REQUIRE_UPSTREAM  1: a missing torch, Triton or wheel fails instead of skipping (CI)
"""
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

_STATE = {}


def _unavailable(reason):
    if os.environ.get("CLAMPBENCH_REQUIRE_UPSTREAM") == "1":
        raise pytest.UsageError(f"upstream conformance required but unavailable: {reason}")
    return None, reason


def _prepare():
    """((releases {version: Release}, dump_dir, manifest, results) or None, skip reason)."""
    try:
        import torch  # noqa: F401
        from clampbench_scripts.upstream import adapt
        adapt.load_triton()
    except Exception as exc:  # ImportError, or a broken install raising something else
        return _unavailable(f"torch and Triton are needed ({type(exc).__name__}: {exc})")
    from clampbench_scripts.upstream import dump, source
    from clampbench_scripts.upstream.release import Release
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


def pytest_generate_tests(metafunc):
    for fixture in ("pair", "case"):
        if fixture not in metafunc.fixturenames:
            continue
        state, reason = upstream_state()
        if state is None:
            metafunc.parametrize(fixture, [pytest.param(None, marks=pytest.mark.skip(reason=reason))],
                                 ids=["unavailable"])
            continue
        from clampbench_scripts.upstream.sites import SITES
        manifest = state[2]
        if fixture == "pair":
            wanted = getattr(metafunc.function, "variants", ("clamp", "clamp_", "fused"))
            values = [(c, v) for c in manifest["cases"] for v in c["variants"] if v["name"] in wanted]
            ids = [f"{c['case_id']}:{v['name']}" for c, v in values]
        else:
            values = list(manifest["cases"])
            ids = [c["case_id"] for c in values]
        # A suite without a site (a new one, before its site is written) is reported, not failed.
        suite_of = (lambda value: value[0]["suite"]) if fixture == "pair" else (lambda value: value["suite"])
        values = [v if suite_of(v) in SITES else
                  pytest.param(v, marks=pytest.mark.skip(reason=f"no upstream site for suite {suite_of(v)}"))
                  for v in values]
        metafunc.parametrize(fixture, values, ids=ids)
