# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every reader of a results file in the binary -- `merge` and `run --resume` -- refuses the
same integer figures: a count that is negative, fractional (8.5), a huge float (1e300), a bool
or beyond int64, and any integer figure that is a float or beyond its type. One line naming
the file and the field's place in it, exit 2, nothing written. merge used to write an
allocation count of -1 as 18446744073709551615 and exit 0; --resume took 8.5 as 8."""
import json
import os

import pytest

from clampbench_testing import NGRAM_FIND_UNTIMED, edited_copy, load_json, one_line_error

ARGS = NGRAM_FIND_UNTIMED
BAD = (-1, 8.5, 1e300, True, 2**63, 2**64)
LEDGER = ("cases", 0, "variants", 0, "allocations", "ledger", "host")
FIELDS = (
    (*LEDGER, "allocations"), (*LEDGER, "bytes_requested"), (*LEDGER, "peak_bytes"), (*LEDGER, "segments_created"),
    ("cases", 0, "variants", 1, "instructions"), ("cases", 0, "params", "B"),
    ("outcome", "exit_code"), ("environment", "seed"), ("environment", "repetitions"),
)


def _place(keys):
    """("cases", 0, "variants", 1, "x") -> "cases[0].variants[1].x", as the error names it."""
    return "".join(f"[{k}]" if isinstance(k, int) else f".{k}" for k in keys).lstrip(".")


@pytest.fixture(scope="module")
def files(shard_and_whole):
    return shard_and_whole


def _refused(proc, path, place, out):
    assert proc.returncode == 2, proc.stderr
    line = one_line_error(proc)
    assert f"'{path}'" in line and f"{place}: " in line, line
    assert not os.path.exists(out)
    return line


@pytest.mark.parametrize("keys", FIELDS, ids=_place)
def test_merge_refuses_a_figure_that_is_not_one(files, keys, tmp_path, clampbench):
    for value in BAD:
        if keys[-1] in ("peak_bytes", "B") and value == -1:
            continue  # the schema lets a peak and a param be negative
        if keys[-1] == "seed" and value in (-1, 2**63):
            value = 0.5  # a seed is any uint64
        bad = edited_copy(files[0], tmp_path / "shard-1-of-1.json", [(keys, value)])
        out = tmp_path / "merged.json"
        line = _refused(clampbench("merge", bad, "-o", out), bad, _place(keys), out)
        assert line.startswith("clampbench: merge: "), line
        if value not in (1e300, 2**64):  # those two the JSON library shows as floats
            assert f"{json.dumps(value)} is not " in line, line


@pytest.mark.parametrize("keys", [k for k in FIELDS if k[0] != "outcome"], ids=_place)
def test_resume_refuses_the_same_figures(files, keys, tmp_path, clampbench):
    for value in (-1, 8.5, True, 2**64):
        if keys[-1] in ("peak_bytes", "B", "seed") and value == -1:
            value = 1.0  # a whole float is not an integer figure either
        bad = edited_copy(files[1], tmp_path / "earlier.json", [(keys, value)])
        out = tmp_path / "out.json"
        line = _refused(clampbench("run", *ARGS, "--resume", bad, "--out", out), bad, _place(keys), out)
        assert line.startswith("clampbench: --resume: "), line


def test_valid_files_still_merge_and_resume(files, tmp_path, clampbench):
    out = tmp_path / "merged.json"
    proc = clampbench("merge", files[0], "-o", out)
    assert proc.returncode == 0, proc.stderr
    assert load_json(out)["cases"] == load_json(files[0])["cases"]
    proc = clampbench("run", *ARGS, "--resume", files[1], "--out", tmp_path / "again.json")
    assert proc.returncode == 0, proc.stderr
