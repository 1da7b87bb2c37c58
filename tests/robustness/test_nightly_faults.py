# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The fault matrix of the nightly chain: each fault injected into its stage, before the gate
or after it, with and without a planted regression, over a sequence of nights on one state
directory. For every cell: a night with a planted regression never exits 0 or 3 (a pass, or
a pass with a warning) and never becomes the baseline, and its dashboard's badge never says
passed; the regression is still reported (exit 1) the night after; a NOT ASSESSED night names
what it could not see; a dashboard's latest run is the night that drew it; every byte an
earlier night wrote is still there; a clean night after the fault becomes the baseline again.
docs/ci.md shows the observed matrix, made by this test (CLAMPBENCH_UPDATE_DOCS=1 rewrites it
there)."""
import concurrent.futures
import os
import shutil

import pytest

import after_gate_faults
import nightly_chain as chain
import nightly_faults as faults
from clampbench_testing import ROOT

PLANTS = (None, "allocation", "instructions")
DOC = os.path.join(ROOT, "docs", "ci.md")
BEGIN, END = "<!-- fault-matrix -->", "<!-- /fault-matrix -->"


@pytest.fixture(scope="module")
def first_night(shard_cache, tmp_path_factory):
    """A state whose baseline is a clean, fully assessed first night."""
    work = str(tmp_path_factory.mktemp("first"))
    state = os.path.join(work, "state")
    got = chain.night(work, state, faults.fresh(shard_cache.get(), work))
    assert got.rc == 0 and got.baseline and got.record["baseline"] == "replaced", got.stderr
    return state


def _cell(fault, plant, shard_cache, first_night, root):
    work = os.path.join(root, f"{fault.name}-{plant}".replace(" ", "_"))
    os.makedirs(work)
    state = os.path.join(work, "state")
    shutil.copytree(first_night, state)
    nights = fault.run(work, state, shard_cache, plant)
    after = chain.night(work, state, faults.fresh(shard_cache.get(plant), work))
    return {"fault": fault, "plant": plant, "nights": nights, "after": after}


@pytest.fixture(scope="module")
def matrix(shard_cache, first_night, tmp_path_factory):
    if not after_gate_faults.can_mount():
        pytest.skip("the full and read-only disks of the matrix mount a tmpfs: root only (CI runs as root)")
    for plant in PLANTS:  # the shards first, one selection at a time (each is 2 callgrind runs)
        for fault in faults.FAULTS:
            fault.shards(shard_cache, plant)
    root = str(tmp_path_factory.mktemp("cells"))
    cells = [(f, p) for f in faults.FAULTS for p in PLANTS]
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            done = list(pool.map(lambda c: _cell(*c, shard_cache, first_night, root), cells))
    finally:
        after_gate_faults.unmount_all()
    return done


def _check(cell):
    """The promise, for one cell; returns the problems found ([] when it holds)."""
    bad, plant, fault = [], cell["plant"], cell["fault"]
    for n in cell["nights"]:
        if (plant or fault.blinds) and n.rc == 0:
            bad.append(f"exit 0 ({'a planted ' + plant + ' regression' if plant else 'a figure unseen'})")
        if not plant and n.rc == 1:
            bad.append("exit 1 on a night with no regression (1 means a regression and nothing else)")
        if plant and n.rc == 3 and plant not in fault.hides:
            bad.append(f"exit 3, a pass with a warning, for a planted {plant} regression")
        # A night the gate passed becomes the baseline even when a step after the gate failed.
        passed = n.record is not None and (n.record["gate"] == 0 or n.record["accepted_by"])
        if n.rc != 0 and n.baseline != n.before and not passed:
            bad.append(f"a night that exited {n.rc} became the baseline")
        if n.rc == 3 and not ((n.record and n.record["not_assessed"]) or "failed after it" in n.stderr):
            bad.append("a night that exited 3 named neither what it could not see nor what failed")
        bad += _dashboard_and_state(n, plant)
    after = cell["after"]
    bad += _dashboard_and_state(after, plant)
    kept = after.baseline == after.before
    if fault.persists:  # every later night fails too, until the state is repaired
        if after.rc == 0 or not kept:
            bad.append(f"the night after a lasting fault: exit {after.rc}, baseline {'kept' if kept else 'replaced'}")
    elif plant and (after.rc != 1 or not kept):
        bad.append(f"the night after: exit {after.rc}, baseline {'kept' if kept else 'replaced'} "
                   "(the regression must still be reported)")
    elif not plant and (after.rc != 0 or after.record is None or after.record["baseline"] != "replaced"):
        bad.append(f"a clean night after the fault: exit {after.rc}, not the new baseline")
    return bad


def _dashboard_and_state(night, plant):
    """What the dashboard and the state must show of any night, faulty or not."""
    bad = []
    if plant and "passed" in night.badge:
        bad.append(f"the dashboard says '{night.badge}' for a planted {plant} regression")
    if not night.shows_itself:
        bad.append("the dashboard's latest run is not the night that drew it")
    if night.lost:
        bad.append(f"an earlier night's bytes lost or rewritten: {', '.join(night.lost)}")
    return bad


def test_no_silent_pass_in_any_cell(matrix):
    problems = [f"{c['fault'].name} / plant {c['plant']}: {p}" for c in matrix for p in _check(c)]
    assert not problems, "\n".join(problems)


def test_docs_show_the_observed_matrix(matrix):
    table = faults.render(matrix, PLANTS)
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    if os.environ.get("CLAMPBENCH_UPDATE_DOCS"):
        with open(DOC, "w", encoding="utf-8") as f:
            f.write(text[:start] + "\n" + table + text[end:])
        return
    assert text[start:end].strip() == table.strip(), \
        "docs/ci.md's fault matrix differs from the observed one: rerun with CLAMPBENCH_UPDATE_DOCS=1"
