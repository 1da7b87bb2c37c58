# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What `merge` and `run --resume` read of a results file must agree with itself: a variant's
ledger total is a count equal to its devices' sum (the reader used to skip it, so a total of
8.5 or "7" passed), host_cost.by_op may not add up past int64 (it wrapped around to ops), and
environment.time is a UTC time as the writer writes it. Each is refused with one line naming
the file and the field, exit 2, nothing written. A shard whose time is ahead of the merge's
clock is merged, with a warning: its runner's clock is wrong, its results are not."""
import datetime
import os

import pytest

from clampbench_testing import NGRAM_FIND_UNTIMED, edited_copy, load_json, one_line_error

ARGS = NGRAM_FIND_UNTIMED
V = ("cases", 0, "variants", 1)
TOTAL = (*V, "allocations", "ledger", "total")


@pytest.fixture(scope="module")
def files(shard_and_whole):
    return shard_and_whole


def _both_refuse(files, tmp_path, clampbench, edits, place, *words):
    """merge of the edited shard and --resume of the edited run: exit 2, one line naming the
    file and PLACE (and WORDS), nothing written."""
    for src, command in ((files[0], ("merge",)), (files[1], ("run", *ARGS, "--resume"))):
        bad = edited_copy(src, tmp_path / f"bad-{command[0]}.json", edits)
        out = tmp_path / "out.json"
        proc = clampbench(*command, bad, "-o" if command[0] == "merge" else "--out", out)
        assert proc.returncode == 2, proc.stderr
        line = one_line_error(proc)
        assert f"'{bad}'" in line and f"{place}: " in line and all(w in line for w in words), line
        assert not os.path.exists(out)


@pytest.mark.parametrize("value", [8.5, 1e300, -1, 2**64, "7", True], ids=repr)
def test_a_ledger_total_that_is_not_a_count_is_refused(files, tmp_path, clampbench, value):
    _both_refuse(files, tmp_path, clampbench, [((*TOTAL, "allocations"), value)],
                 "cases[0].variants[1].allocations.ledger.total.allocations", "is not a count")


def test_a_ledger_total_that_is_not_the_devices_sum_is_refused(files, tmp_path, clampbench):
    total = load_json(files[0])["cases"][0]["variants"][1]["allocations"]["ledger"]["total"]
    for field in ("allocations", "bytes_requested", "peak_bytes"):
        _both_refuse(files, tmp_path, clampbench, [((*TOTAL, field), total[field] + 1)],
                     f"cases[0].variants[1].allocations.ledger.total.{field}",
                     f"{total[field] + 1} is not the sum of the devices' {field} ({total[field]})")


def test_a_by_op_whose_sum_wraps_around_to_ops_is_refused(files, tmp_path, clampbench):
    ops = load_json(files[0])["cases"][0]["variants"][1]["host_cost"]["ops"]
    wraps = {"a": 2**63 - 1, "b": 2**63 - 1, "c": ops + 2}  # 2**64 + ops: ops again in int64
    _both_refuse(files, tmp_path, clampbench, [((*V, "host_cost", "by_op"), wraps)],
                 "cases[0].variants[1].host_cost.by_op", "add up to more than")


@pytest.mark.parametrize("value", ["not a time", "2026-12-02 12:00:00Z", "2026-02-30T12:00:00Z", 0])
def test_a_time_that_is_not_the_writers_is_refused(files, tmp_path, clampbench, value):
    _both_refuse(files, tmp_path, clampbench, [(("environment", "time"), value)], "environment.time",
                 "is not a UTC time like 2026-12-02T12:00:00Z")


def test_a_shard_from_the_future_merges_with_one_warning(files, tmp_path, clampbench):
    out = tmp_path / "merged.json"
    proc = clampbench("merge", files[0], "-o", out)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    plain = load_json(out)
    ahead = (datetime.datetime.now(datetime.timezone.utc) + datetime.timedelta(hours=2)).strftime("%Y-%m-%dT%H:%M:%SZ")
    shard = edited_copy(files[0], tmp_path / "shard-1-of-1.json", [(("environment", "time"), ahead)])
    proc = clampbench("merge", shard, "-o", out)
    assert proc.returncode == 0, proc.stderr
    line = one_line_error(proc)
    assert line.startswith("clampbench: warning: merge: ") and f"'{shard}'" in line, line
    assert ahead in line and "runner clock ahead?" in line, line
    merged = load_json(out)
    assert merged["environment"]["time"] == ahead and merged["cases"] == plain["cases"]
    assert merged["outcome"] == plain["outcome"]
