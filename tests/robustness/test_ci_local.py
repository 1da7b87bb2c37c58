# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The CI step scripts (ci/steps/shard.sh, ci/steps/merge.sh) and ci/local.sh,
the local rehearsal of the nightly matrix, run as a workflow runs them: the quick set as 3
shards in parallel, merged, added to a history, drawn; the exit code is the gate's."""
import os
import subprocess

import pytest

from clampbench_testing import ROOT, binary_path, load_json, one_line_error

UNTIMED = ("--backend", "host", "--no-timing", "--instructions", "off")


def _script(name, *args, env=None, cwd=None):
    full = {**os.environ, "BINARY": binary_path(), **(env or {})}
    return subprocess.run(["bash", os.path.join(ROOT, *name.split("/")), *map(str, args)], capture_output=True,
                          text=True, timeout=300, env=full, cwd=cwd)


@pytest.fixture
def binary():
    if not os.access(binary_path(), os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"no clampbench binary at {binary_path()} (set CLAMPBENCH_BIN)")
        pytest.skip(f"no clampbench binary at {binary_path()} (set CLAMPBENCH_BIN)")
    return binary_path()


def test_ci_local_rehearses_the_matrix(binary, tmp_path):
    out = tmp_path / "night"
    proc = _script("ci/local.sh", "--out", out, "--", *UNTIMED)
    assert proc.returncode == 0, proc.stderr
    assert f"{out}/site/index.html" in proc.stdout
    shards = sorted(p for p in os.listdir(out / "shards") if p.endswith(".json"))
    assert shards == ["gate.json", "merged.json", "shard-1-of-3.json", "shard-2-of-3.json", "shard-3-of-3.json"]
    merged = load_json(out / "shards" / "merged.json")
    listed = subprocess.run([binary, "run", "--benchmark_list_tests"], capture_output=True, text=True, check=True)
    quick_cases = {line.rsplit("/", 1)[0] for line in listed.stdout.splitlines() if line}
    assert merged["environment"]["shard"] == {"index": None, "count": 3}
    assert sorted(c["case_id"] for c in merged["cases"]) == sorted(quick_cases)  # every case once
    assert len(os.listdir(out / "state" / "history")) >= 1 and (out / "site" / "index.html").is_file()
    assert (out / "state" / "baseline.json").is_file()  # a first night that passed
    # A second night on the same state, gated against the first: the same commit, no regression.
    again = _script("ci/local.sh", "--out", tmp_path / "night2", "--shards", "2",
                    "--state", out / "state", "--", *UNTIMED)
    assert again.returncode == 0, again.stderr
    assert "replaced by this night" in again.stderr
    # A used directory is refused rather than mixed with this night's shards.
    proc = _script("ci/local.sh", "--out", out, "--", *UNTIMED)
    assert proc.returncode == 2 and "not empty" in one_line_error(proc)


def test_ci_local_passes_the_runs_exit_code(binary, tmp_path):
    nothing_known = tmp_path / "nothing-known.json"  # every finding of the quick set unexpected
    nothing_known.write_text('{"schema_version": 2, "expectations": []}')
    proc = _script("ci/local.sh", "--out", tmp_path / "n", "--", *UNTIMED, "--expectations", nothing_known)
    assert proc.returncode == 1, proc.stderr
    assert (tmp_path / "n" / "site" / "index.html").is_file()  # drawn all the same
    for bad in (["--shards", "0"], ["--shards", "x"], ["--shards", "1001"], ["--frob"], ["--out"],
                ["--state", ""], ["--accepted-by", ""]):
        proc = _script("ci/local.sh", *bad)
        assert proc.returncode == 2 and one_line_error(proc)


def test_shard_step_runs_one_shard_in_the_callers_directory(binary, tmp_path):
    proc = _script("ci/steps/shard.sh", "2", "3", "out", *UNTIMED, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert load_json(tmp_path / "out" / "shard-2-of-3.json")["environment"]["shard"] == {"index": 2, "count": 3}
    proc = _script("ci/steps/shard.sh", "4", "3", "out", *UNTIMED, cwd=tmp_path)
    assert proc.returncode == 2 and "bad shard '4/3'" in one_line_error(proc)
    proc = _script("ci/steps/shard.sh", "1", "3", "out", env={"BINARY": str(tmp_path / "nowhere")}, cwd=tmp_path)
    assert proc.returncode == 2 and "build it first" in one_line_error(proc)
    proc = _script("ci/steps/shard.sh", "1", "3")
    assert proc.returncode == 2 and "usage" in one_line_error(proc)


def test_merge_step_refuses_before_it_records(binary, tmp_path):
    shards, state, site = tmp_path / "shards", tmp_path / "state", tmp_path / "site"
    proc = _script("ci/steps/merge.sh", shards, state, site)
    assert proc.returncode == 2 and "no shard files" in one_line_error(proc)
    for i in (1, 3):  # shard 2 never ran
        assert _script("ci/steps/shard.sh", i, 3, shards, *UNTIMED).returncode == 0
    proc = _script("ci/steps/merge.sh", shards, state, site)
    assert proc.returncode == 2 and "shard 2 of 3 is missing" in one_line_error(proc)
    assert not (state / "history" / "nights.jsonl").exists() and not site.exists()
    assert not (shards / "merged.json").exists()
    for bad in ([state, site, "--accepted-by"], [state, site, "--accepted-by", ""], [state, site, "--frob", "x"],
                ["", site]):
        proc = _script("ci/steps/merge.sh", shards, *bad)
        assert proc.returncode == 2 and "merge.sh" in one_line_error(proc), bad
    state.mkdir(exist_ok=True)
    (state / "baseline.json").symlink_to(tmp_path / "elsewhere.json")
    assert _script("ci/steps/shard.sh", 2, 3, shards, *UNTIMED).returncode == 0
    proc = _script("ci/steps/merge.sh", shards, state, site)  # gated read-only, nothing recorded
    line = one_line_error(proc)
    assert proc.returncode == 2 and "is a symlink" in line and "nothing recorded (gate: no regression)" in line
    assert not (state / "history").exists() and not site.exists()
