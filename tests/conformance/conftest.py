# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Conformance fixtures: torch's availability, and one quick host run of clampbench with
--dump, made once per session at collection time (the (case, variant) pairs parametrize
the tests, so the manifest must exist before the tests do).

Environment:
  CLAMPBENCH_BIN   the binary (default <repo>/build/clampbench)
  CLAMPBENCH_DUMP  an existing dump directory to check instead of running the binary
                   (e.g. one written by a --backend cuda run on a GPU machine)
"""

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

try:
    import torch  # noqa: F401
    import numpy  # noqa: F401
    TORCH_ERROR = None
except Exception as exc:  # ImportError, or a broken install raising something else
    TORCH_ERROR = f"{type(exc).__name__}: {exc}"


def torch_skip_reason():
    return None if TORCH_ERROR is None else f"torch not importable: {TORCH_ERROR}"


_DUMP = {}


def conformance_dump():
    """(dump_dir, manifest) or (None, skip reason); computed once."""
    if "value" in _DUMP:
        return _DUMP["value"]
    if TORCH_ERROR is not None:
        _DUMP["value"] = (None, torch_skip_reason())
        return _DUMP["value"]
    import conformance_dump as cd

    given = os.environ.get("CLAMPBENCH_DUMP")
    if given:
        dump_dir = Path(given)
        if not (dump_dir / "manifest.json").exists():
            raise pytest.UsageError(f"CLAMPBENCH_DUMP={given} holds no manifest.json")
    else:
        binary = cd.default_binary()
        if not binary.exists():
            _DUMP["value"] = (None, f"clampbench binary not found at {binary} "
                                    f"(build it, or set CLAMPBENCH_BIN)")
            return _DUMP["value"]
        work = Path(tempfile.mkdtemp(prefix="clampbench-conformance-"))
        atexit.register(shutil.rmtree, work, True)
        dump_dir = cd.run_clampbench(binary, work)
    _DUMP["value"] = (dump_dir, cd.load_manifest(dump_dir))
    return _DUMP["value"]


def pytest_generate_tests(metafunc):
    if "pair" not in metafunc.fixturenames:
        return
    dump_dir, manifest = conformance_dump()
    if dump_dir is None:
        metafunc.parametrize("pair", [pytest.param(None, marks=pytest.mark.skip(reason=manifest))],
                             ids=["no-dump"])
        return
    import conformance_dump as cd

    pairs = list(cd.all_pairs(manifest))
    wanted = getattr(metafunc.function, "pair_filter", None)
    if wanted is not None:
        pairs = [p for p in pairs if wanted(*p)]
    metafunc.parametrize("pair", [(dump_dir, c, v) for c, v in pairs],
                         ids=[f"{c['case_id']}:{v['name']}" for c, v in pairs])
