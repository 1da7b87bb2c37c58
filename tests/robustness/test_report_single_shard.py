# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""report.py --single refuses one shard of a run (`clampbench run --shard I/N` records
environment.shard {"index": I, "count": N}): half a run, whose other cases a dashboard would
show as gone. Exit 2, one line, no site written; a merged run (index null) is a whole run."""
import json
import os

from clampbench_testing import fixture, load_json, one_line_error, run_script


def _with_shard(path, index, count):
    doc = load_json(fixture("base.json"))
    doc["environment"]["shard"] = {"index": index, "count": count}
    path.write_text(json.dumps(doc))
    return path


def test_a_single_shard_is_refused(tmp_path):
    shard = _with_shard(tmp_path / "shard-1-of-2.json", 1, 2)
    proc = run_script("report.py", "--single", shard, "-o", tmp_path / "site")
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert str(shard) in line and "shard 1 of 2" in line and "clampbench merge" in line, line
    assert not os.path.exists(tmp_path / "site")


def test_a_merged_run_is_a_whole_run(tmp_path):
    merged = _with_shard(tmp_path / "merged.json", None, 2)
    proc = run_script("report.py", "--single", merged, "-o", tmp_path / "site", timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "site" / "index.html").exists()
