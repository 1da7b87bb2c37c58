# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""docs/suites.md's floor table from a results document: per suite, the released form's
(`clamp_`) host cost and allocations beside the fused floor's, each the range over the cases
(one number where every case agrees), and what the floor saves case by case; a figure some case
lacks reads n/a, never 0, and a suite's name cannot break its row."""
import copy

from clampbench_scripts.registry.floor_table import render

HEADER = ("| suite | released (`clamp_`): ops / launches / syncs / allocations "
          "| floor (`fused`): ops / launches / syncs / allocations | what the floor saves |\n|---|---|---|---|\n")


def _variant(name, ops, launches, syncs, allocations):
    return {"name": name, "verdict": "same", "allocations": {"ledger": {"total": {"allocations": allocations}}},
            "host_cost": {"version": 1, "ops": ops, "by_op": {"add": ops} if ops else {}, "launches": launches,
                          "syncs": syncs, "sync_ops": {"item": syncs} if syncs else {}, "h2d_copies": 0,
                          "d2h_copies": syncs, "check_syncs": 0}}


def _case(suite, n, clamp, clamp_, fused):
    return {"suite": suite, "case_id": f"{suite}/n={n}", "params": {"n": n}, "device": "host",
            "variants": [_variant("clamp", *clamp), _variant("clamp_", *clamp_), _variant("fused", *fused)]}


def results():
    """Two suites: alpha's two cases differ (ranges), beta|x's one case has a floor that pays syncs.
    clamp's figures are the largest everywhere: the table must not read them."""
    return {"tool": "clampbench", "schema_version": 1, "environment": {}, "cases": [
        _case("alpha", 1, (99, 99, 9, 99), (10, 11, 1, 4), (0, 1, 0, 1)),
        _case("alpha", 2, (99, 99, 9, 99), (20, 22, 1, 6), (0, 1, 0, 1)),
        _case("beta|x", 1, (99, 99, 9, 99), (3, 0, 0, 2), (1, 0, 2, 0)),
    ]}


def test_ranges_over_the_cases_and_the_saving_case_by_case():
    assert render(results()) == HEADER + (
        "| alpha | 10..20 / 11..22 / 1 / 4..6 | 0 / 1 / 0 / 1 "
        "| 10..20 ops, 10..21 launches, 1 sync, 3..5 allocations |\n"
        "| beta\\|x | 3 / 0 / 0 / 2 | 1 / 0 / 2 / 0 | 2 ops, -2 syncs, 2 allocations |\n")


def test_a_missing_or_null_host_cost_is_na_not_zero():
    doc = results()
    del doc["cases"][1]["variants"][2]["host_cost"]  # alpha's second case: fused without the block
    doc["cases"][2]["variants"][1]["host_cost"] = None  # beta|x: clamp_'s call failed
    rows = render(doc).splitlines()[2:]
    assert rows == ["| alpha | 10..20 / 11..22 / 1 / 4..6 | n/a / n/a / n/a / 1 "
                    "| ops n/a, launches n/a, syncs n/a, 3..5 allocations |",
                    "| beta\\|x | n/a / n/a / n/a / 2 | 1 / 0 / 2 / 0 "
                    "| ops n/a, launches n/a, syncs n/a, 2 allocations |"]


def test_a_suite_without_the_released_form_is_na_and_a_floor_that_saves_nothing_says_so():
    doc = results()
    for case in doc["cases"][:2]:
        case["variants"] = [v for v in case["variants"] if v["name"] != "clamp_"]
    beta = doc["cases"][2]["variants"]
    beta[2] = copy.deepcopy(beta[1]) | {"name": "fused"}
    rows = render(doc).splitlines()[2:]
    assert rows[0] == ("| alpha | n/a / n/a / n/a / n/a | 0 / 1 / 0 / 1 "
                       "| ops n/a, launches n/a, syncs n/a, allocations n/a |")
    assert rows[1] == "| beta\\|x | 3 / 0 / 0 / 2 | 3 / 0 / 0 / 2 | nothing |"


def test_a_cell_cannot_break_its_row():
    doc = results()
    for case in doc["cases"][2:]:
        case["suite"] = "gamma | delta\nepsilon"
    row = render(doc).splitlines()[3]
    assert row.startswith("| gamma \\| delta epsilon | ") and row.count(" | ") == 3, row
