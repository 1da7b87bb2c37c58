# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's benchmark record (gate_check.py --adaptive): its verdict on the targets
and its table, on a synthetic record (no runs)."""
import pytest

from clampbench_scripts.gate import gate_bench


def row(name, code, na=None):
    return {"name": name, "exit_code": code, "wall_s": 60.0, "pairs": 4, "stop": "answered",
            "not_assessed_mde": na or {}, "largest_mde": 0.08, "load_1m": [0.5, 0.7]}


def record(aa_codes=(0, 0, 3), x11=(1, 1, 1, 1, 3)):
    planted = {name: [row(f"{name}{k}", 1) for k in range(tries)]
               for name, (_, tries, _) in gate_bench.plants().items()}
    planted["delay x1.1 every suite"] = [row(f"x1.1_{k}", c) for k, c in enumerate(x11)]
    return {"delay_suite": "mla_chunked_context", "budget_s": 360, "max_mde": 0.1, "run_args": ["--sizes", "quick"],
            "cpus": 2, "wall_s": 600, "planted": planted,
            "aa": [row(f"aa{i}", c, {"tiny | suite": 0.2} if c == 3 else None) for i, c in enumerate(aa_codes)]}


@pytest.mark.parametrize("aa, x11, expected", [((0, 0, 3), (1, 1, 1, 1, 3), True),  # NOT ASSESSED is no failure
                                                ((0, 1, 0), (1, 1, 1, 1, 1), False),  # an A/A pair failed
                                                ((0, 0, 0), (1, 1, 1, 3, 3), False)])  # x1.1 in 3 of 5
def test_targets_independent_of_load(aa, x11, expected):
    assert gate_bench.met(record(aa, x11)) is expected


def test_a_missed_exact_plant_is_not_met():
    doc = record()
    doc["planted"]["allocation"][1]["exit_code"] = 0
    assert not gate_bench.met(doc)


def test_the_table_counts_and_escapes():
    text = gate_bench.markdown(record())
    assert "A/A: 2 of 3 assessed (exit 0), 0 failing (exit 1), 1 NOT ASSESSED (exit 3)" in text
    assert "delay x1.1 every suite: called (exit 1) in 4 of 5 tries (target: at least 4)" in text
    assert "tiny \\| suite (20%)" in text and "targets independent of load (no A/A failing, plants called): met" in text
