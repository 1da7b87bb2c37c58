# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py with several runs per side (--base / --head) or a history (--history): the
run-to-run spread they show is the noise the time calls are made against."""
import copy
import json
import math
import random

import make_fixtures
import pytest
from clampbench_testing import compare_json, fixture, load_json, row_of, run_script


def jittered(base, rng, cv, factor=1.0, when="2026-12-02T02:00:00Z", cpus_load=None):
    """BASE with every variant's times scaled by one draw of the run-to-run noise (and FACTOR)."""
    doc = make_fixtures._retime(copy.deepcopy(base), f"{rng.randrange(16 ** 7):07x}" + "d" * 33, when)
    for case in doc["cases"]:
        for v in case["variants"]:
            if v.get("timing"):
                scale = factor * math.exp(rng.gauss(0, math.log1p(cv)))
                for kind in ("wall", "cpu"):
                    make_fixtures._scale_stats(v["timing"][kind], scale)
    if cpus_load:
        doc["environment"]["machine_load"] = {"cpus": 2, "load_1m_start": cpus_load, "load_1m_end": cpus_load}
    return doc


@pytest.fixture
def runs(tmp_path):
    base = load_json(fixture("base.json"))
    rng = random.Random(7)

    def write(name, doc):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(doc))
        return str(path)

    def make(name, count, factor=1.0, load=None):
        return [write(f"{name}{i}", jittered(base, rng, 0.05, factor, cpus_load=load)) for i in range(count)]
    return make, tmp_path


def _args(base, head):
    return [base[0], head[0]] + [a for p in base[1:] for a in ("--base", p)] + [a for p in head[1:] for a in ("--head", p)]


def test_three_runs_a_side_measure_their_noise_and_call_a_2x_slowdown(runs):
    make, _ = runs
    base, same, slow = make("b", 3), make("s", 3), make("h", 3, factor=2.0)
    rc, result, _ = compare_json(*_args(base, same), "--fail-on", "time")
    assert rc == 0 and result["time_noise"]["source"] == "measured" and result["time_noise"]["runs"] == [3, 3]
    assert not [r for r in result["rows"] if r["time"]["call"] in ("WORSE", "BETTER")]
    rc, result, _ = compare_json(*_args(base, slow), "--fail-on", "time")
    timed = [r for r in result["rows"] if r["time"]["n_head"]]
    assert rc == 1 and result["failing"] == ["time"]
    assert all(r["time"]["call"] == "WORSE" and r["time"]["df"] > 4 for r in timed)
    text = run_script("compare.py", *_args(base, slow), "--format", "text").stdout
    assert "3 vs 3 run(s), run-to-run noise measured over the sides" in text


def test_several_runs_per_side_are_assessed_even_on_a_loaded_machine(runs):
    make, _ = runs
    base, slow = make("b", 3, load=7.0), make("h", 3, factor=2.0, load=7.0)
    rc, result, _ = compare_json(*_args(base, slow), "--fail-on", "time")
    assert rc == 1 and result["overloaded"] == []


def test_a_history_gives_single_runs_their_noise(runs, tmp_path):
    make, _ = runs
    history = tmp_path / "history"
    history.mkdir()
    for i, path in enumerate(make("past", 8)):
        doc = load_json(path)
        doc["environment"]["time"] = f"2026-11-{10 + i:02d}T02:00:00Z"
        (history / f"run{i}.json").write_text(json.dumps(doc))
    base, slow = make("b", 1), make("h", 1, factor=2.0)
    rc, result, _ = compare_json(base[0], slow[0], "--history", str(history), "--fail-on", "time")
    assert rc == 1 and result["time_noise"]["history_runs"] == 8
    rc, result, _ = compare_json(base[0], make("s", 1)[0], "--history", str(history), "--fail-on", "time")
    assert rc == 0
    bad = run_script("compare.py", base[0], slow[0], "--history", str(tmp_path / "nowhere"))
    assert bad.returncode == 2 and "history directory does not exist" in bad.stderr


def test_an_extra_run_of_another_configuration_is_refused(runs, tmp_path):
    make, _ = runs
    base, head = make("b", 1), make("h", 1)
    other = load_json(fixture("head_other_device.json"))
    path = tmp_path / "other.json"
    path.write_text(json.dumps(other))
    proc = run_script("compare.py", base[0], head[0], "--base", str(path))
    assert proc.returncode == 2 and "another device/backend/allocator" in proc.stderr
