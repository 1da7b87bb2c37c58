# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Upstream conformance fixtures: the two vLLM releases either side of pull request #48143 (and the
newest release the tool is held to, source.NEWEST_CHECKED)
(downloaded once from PyPI and cached, see scripts/clampbench_scripts/upstream/vllm_code/source.py), and
one quick host run of clampbench with --dump, made at collection time.

Environment:
  CLAMPBENCH_BIN               the binary (default <repo>/build/clampbench)
  CLAMPBENCH_DUMP              an existing dump directory to check instead of running the binary
  CLAMPBENCH_REQUIRE_UPSTREAM  1: a missing torch, Triton or wheel fails instead of skipping (CI)
"""
import pytest

from upstream_testing import upstream_state


def pytest_generate_tests(metafunc):
    for fixture in ("pair", "case"):
        if fixture not in metafunc.fixturenames:
            continue
        state, reason = upstream_state()
        if state is None:
            metafunc.parametrize(fixture, [pytest.param(None, marks=pytest.mark.skip(reason=reason))],
                                 ids=["unavailable"])
            continue
        from clampbench_scripts.upstream.sites.registry import SITES
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


@pytest.fixture(scope="module")
def dump_dir():
    """The quick set's dump the upstream runners read (made once, at collection)."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    return state[1]


@pytest.fixture
def tree(tmp_path, dump_dir):
    """The .py files of vllm 0.27.0, unpacked into TMP_PATH/vllm-src for a test to alter."""
    import zipfile
    from clampbench_scripts.upstream.vllm_code import source
    root = tmp_path / "vllm-src"
    with zipfile.ZipFile(source.fetch_wheel(source.AFTER_PR)) as wheel:
        wheel.extractall(root, [n for n in wheel.namelist() if n.startswith("vllm/") and n.endswith(".py")])
    return root
