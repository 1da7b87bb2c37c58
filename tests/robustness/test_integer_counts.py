# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Counts are whole numbers within the writer's 64 bits. A fractional count (8.5 allocations
read as BETTER than 9), a huge float (1e300 read as a regression), a negative one, a bool or an
integer past 2**63-1 in any count field is bad input: exit 2 with one line naming the file and
the field, in every script that reads a results file (compare, export, history add; report
skips and names the file), all through one check (field_checks.count)."""
import json

import pytest
from clampbench_testing import fixture, one_line_error, run_script

from clampbench_scripts.common.errors import InputError
from clampbench_scripts.common.results import load_document

BASE, HEAD = fixture("base.json"), fixture("head_same.json")
TIMEOUT = 60
BAD_COUNTS = [8.5, 1e300, -1, True, 2**63, 9.0]
V = "cases[0].variants[1]"
FIELDS = [  # (where in the document, dotted path), every kind of count the writer writes
    (V, "allocations.ledger.total.allocations"), (V, "allocations.ledger.total.bytes_requested"),
    (V, "allocations.ledger.total.peak_bytes"), (V, "allocations.ledger.host.segments_created"),
    (V, "allocations.ledger.host.segment_bytes_created"), (V, "allocations.ledger.host.frees"),
    (V, "instructions"), (V, "timing.iterations"), (V, "timing.repetitions"),
    (V, "saved_vs_reference.allocations"), ("environment", "machine_load.cpus"),
    ("environment", "repetitions")]


def _doc():
    with open(BASE) as f:
        doc = json.load(f)
    doc["environment"]["machine_load"] = {"cpus": 2, "load_1m_start": 0.4, "load_1m_end": 1.1}
    return doc


def _with(where, dotted, value):
    doc = _doc()
    obj = doc["environment"] if where == "environment" else doc["cases"][0]["variants"][1]
    *parents, last = dotted.split(".")
    for p in parents:
        obj = obj[p]
    obj[last] = value
    return doc


def _write(tmp_path, doc, name="bad.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize("where,dotted", FIELDS)
@pytest.mark.parametrize("value", BAD_COUNTS, ids=repr)
def test_a_count_that_is_not_a_whole_64_bit_number_is_refused_naming_the_field(tmp_path, where, dotted, value):
    if dotted.startswith("saved_vs_reference") and value == -1:
        pytest.skip("saved_vs_reference is a difference: it may be negative")
    path = _write(tmp_path, _with(where, dotted, value))
    with pytest.raises(InputError) as e:
        load_document(str(path))
    assert e.value.path == str(path) and f"{where}.{dotted}:" in e.value.problem, e.value.problem


def test_whole_counts_and_fractional_loads_still_pass(tmp_path):
    doc = _with(V, "instructions", 2**63 - 1)
    doc["cases"][0]["variants"][1]["saved_vs_reference"]["allocations"] = -3  # saves less than the reference
    doc["environment"]["machine_load"]["load_1m_end"] = 2.75
    load_document(str(_write(tmp_path, doc)))


@pytest.mark.parametrize("value", [8.5, 1e300], ids=repr)
def test_compare_refuses_a_fractional_or_huge_count_instead_of_calling_it(tmp_path, value):
    """8.5 allocations against 9 was BETTER, 1e300 a REGRESSION: now neither is read."""
    bad = _write(tmp_path, _with(V, "allocations.ledger.total.allocations", value))
    for args in ((BASE, bad), (bad, HEAD)):
        proc = run_script("compare.py", *args, timeout=TIMEOUT)
        assert proc.returncode == 2 and proc.stdout == "", proc.stdout
        line = one_line_error(proc)
        assert str(bad) in line and f"{V}.allocations.ledger.total.allocations" in line, line


def test_export_history_and_report_refuse_the_same_count(tmp_path):
    bad = _write(tmp_path, _with(V, "allocations.ledger.host.segments_created", 0.5))
    field = f"{V}.allocations.ledger.host.segments_created"
    proc = run_script("export.py", bad, "--format", "bmf", timeout=TIMEOUT)
    assert proc.returncode == 2 and proc.stdout == "" and field in one_line_error(proc)
    hist = tmp_path / "h"
    proc = run_script("history.py", "add", bad, "--dir", hist, timeout=TIMEOUT)
    assert proc.returncode == 2 and field in one_line_error(proc)
    hist.mkdir(exist_ok=True)
    (hist / "20261201T020000Z-bad.json").write_text(bad.read_text())
    (hist / "20261202T020000Z-good.json").write_text(open(BASE).read())
    proc = run_script("report.py", hist, "-o", tmp_path / "site", timeout=TIMEOUT)
    assert proc.returncode == 0, proc.stderr
    warned = [line for line in proc.stderr.splitlines() if "bad.json" in line]
    assert warned and field in warned[0], proc.stderr
