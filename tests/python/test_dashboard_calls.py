# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard colours a change only where a call says so (comparison.py decides, as for
compare.py), shows the machine load, and carries instructions per call."""
import copy
import json
import math
import os
import random

import make_fixtures
import pytest
from clampbench_testing import fixture, load_json, run_script

LOAD_QUIET = {"cpus": 2, "load_1m_start": 0.3, "load_1m_end": 1.2}
LOAD_BUSY = {"cpus": 2, "load_1m_start": 7.0, "load_1m_end": 8.0}


def _run(base, when, load, time_factor=1.0, instr_factor=1.0, target=None, rng=None):
    """BASE as a run at WHEN: every variant jittered by a 3% run-to-run noise (RNG), the target
    scaled by TIME_FACTOR and INSTR_FACTOR."""
    doc = make_fixtures._retime(copy.deepcopy(base), when.replace("-", "")[:8] + "a" * 32, when)
    doc["environment"]["machine_load"] = load
    doc["environment"]["instructions"] = {"method": "callgrind", "requested": "auto", "note": "test"}
    for case in doc["cases"]:
        for v in case["variants"]:
            v["instructions"] = 50_000
            scale = math.exp(rng.gauss(0, 0.03)) if rng else 1.0
            if target == (case["case_id"], v["name"]):
                v["instructions"] = round(50_000 * instr_factor)
                scale *= time_factor
            if v.get("timing"):
                for kind in ("wall", "cpu"):
                    make_fixtures._scale_stats(v["timing"][kind], scale)
    return doc


def _history(base, load_latest, time_factor, instr_factor, target, n=8):
    rng = random.Random(3)
    runs = [_run(base, f"2026-11-{10 + i:02d}T02:00:00Z", LOAD_QUIET, rng=rng) for i in range(n)]
    return runs + [_run(base, "2026-12-02T02:00:00Z", load_latest, time_factor, instr_factor, target, rng)]


def _target_row(site, target):
    html = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    part = html.split(f"<h2 id='{target[0].split('/')[0]}'>")[1]
    row = next(r for r in part.split("<tr")[1:] if f">{target[0].split('/', 1)[1]}<" in r and f">{target[1]}<" in r)
    return html, row.split("</tr>")[0].split("<td")[1:]


def _site(tmp_path, runs):
    hist = tmp_path / "history"
    hist.mkdir()
    for i, doc in enumerate(runs):
        (hist / f"run{i}.json").write_text(json.dumps(doc))
    site = tmp_path / "site"
    proc = run_script("report.py", hist, "-o", site)
    assert proc.returncode == 0, proc.stderr
    return site


@pytest.fixture
def base():
    return load_json(fixture("base.json"))


def test_a_confirmed_slowdown_and_more_instructions_are_coloured(tmp_path, base, target):
    site = _site(tmp_path, _history(base, LOAD_QUIET, 2.0, 1.10, target))
    html, cells = _target_row(site, target)
    instr_prev, time_prev = cells[11], cells[14]
    assert instr_prev.startswith(' class="worse"') and "x1.10" in instr_prev
    assert time_prev.startswith(' class="worse"') and "WORSE" in time_prev
    assert "machine load 0.3 at the start, 1.2 at the end on 2 CPUs" in html
    assert "instructions counted with callgrind" in html and "time changes not called" not in html
    assert cells[10].startswith(">55,000") or cells[10].startswith(">55000"), cells[10]
    assert "us" in cells[13] or "ns" in cells[13], cells[13]  # the median time itself


def test_on_an_overloaded_machine_a_time_ratio_is_shown_but_not_coloured(tmp_path, base, target):
    site = _site(tmp_path, _history(base, LOAD_BUSY, 2.0, 1.0, target))
    html, cells = _target_row(site, target)
    assert 'class="worse"' not in cells[14] and "NOT_ASSESSED" in cells[14] and "load 8.0" in cells[14]
    assert "time changes not called" in html and "latest run measured under load 8.0 on 2 CPUs" in html
    assert 'class="worse"' not in cells[11] and "x1.00" in cells[11]  # instructions do not mind the load


def test_a_five_percent_time_change_the_test_cannot_confirm_is_not_coloured(tmp_path, base, target):
    site = _site(tmp_path, _history(base, LOAD_QUIET, 1.04, 1.0, target))
    _, cells = _target_row(site, target)
    assert "class=" not in cells[14].split(">")[0] and ("SAME" in cells[14] or "AMBIGUOUS" in cells[14])


def test_the_median_time_shows_its_noise_and_an_unconverged_one_is_marked(tmp_path, base, target):
    runs = _history(base, LOAD_QUIET, 1.0, 1.0, target)
    for case in runs[-1]["cases"]:
        for v in case["variants"]:
            if v.get("timing"):
                v["timing"].update(noise=0.004, converged=(case["case_id"], v["name"]) != target)
    site = _site(tmp_path, runs)
    _, cells = _target_row(site, target)
    assert cells[13].startswith(' title="did not converge') and "±0.4%" in cells[13] and ">~" in cells[13]


def test_without_a_history_time_is_not_assessed(tmp_path, base, target):
    site = _site(tmp_path, [_run(base, "2026-12-01T02:00:00Z", LOAD_QUIET),
                            _run(base, "2026-12-02T02:00:00Z", LOAD_QUIET, 2.0, 1.0, target)])
    _, cells = _target_row(site, target)
    assert "x2.00" in cells[14] and "class=" not in cells[14].split(">")[0] and "NOT_ASSESSED" in cells[14]


def test_the_dashboard_shows_what_slowdown_each_call_could_detect(tmp_path, base, target):
    site = _site(tmp_path, _history(base, LOAD_QUIET, 1.0, 1.0, target))
    html, cells = _target_row(site, target)
    assert "(detectable: " in cells[14]  # the row's minimum detectable effect, on hover
    suite = target[0].split("/")[0]
    part = html.split(f"<h2 id='{suite}'>")[1]
    assert part.split("</h2>", 1)[1].startswith("\n<p class=meta>Time against the previous run, pooled over the suite's ")
    assert "would have been called" in part.split("</p>")[0]
