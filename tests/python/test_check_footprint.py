# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The footprint check of adding a suite (tests/one_file_suite/check_footprint.py) on a small
synthetic tree: it passes the tree as the checklist says, and fails on each breach it guards."""
import importlib.util
from pathlib import Path

import pytest

CHECK = Path(__file__).resolve().parents[1] / "one_file_suite" / "check_footprint.py"

CHECKLIST = """# Adding a suite

## Checklist

1. `suites/<name>.cpp`: the suite.
2. `docs/suites.md` and `README.md`: a row in each suites table.

## 1. Spec
"""


def load_check():
    spec = importlib.util.spec_from_file_location("check_footprint", CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def tree(root, suites=("alpha", "beta", "gamma")):
    (root / "suites").mkdir()
    (root / "docs").mkdir()
    for name in suites:
        (root / "suites" / f"{name}.cpp").write_text(f"CLAMPBENCH_REGISTER_SUITE({name});\n")
    rows = "".join(f"| {name} | site |\n" for name in suites)
    (root / "README.md").write_text("| suite | site |\n|---|---|\n" + rows)
    (root / "docs" / "suites.md").write_text("| suite | site |\n|---|---|\n" + rows.replace("| alpha", "| `alpha`"))
    (root / "docs" / "adding-a-suite.md").write_text(CHECKLIST)
    return root


def test_the_tree_as_the_checklist_says_passes(tmp_path):
    found, _, suites = load_check().breaches(tree(tmp_path))
    assert found == [] and suites == ["alpha", "beta", "gamma"]


def test_a_list_of_a_few_suites_is_a_selection_not_a_hand_list(tmp_path):
    root = tree(tmp_path)
    (root / "pick.py").write_text('SUITES = ["alpha"]\n')
    assert load_check().breaches(root)[0] == []


@pytest.mark.parametrize("breach, expected", [
    (lambda r: (r / "README.md").write_text("| suite |\n|---|\n| alpha |\n| gamma |\n"),
     "README.md: no row for suite beta in its suites table"),
    (lambda r: (r / "docs" / "beta_notes.txt").write_text("x"),
     "docs/beta_notes.txt: named after suite beta but not a checklist path"),
    (lambda r: (r / "hand_list.py").write_text('SUITES = ("alpha", "beta", "gamma")\n'),
     "hand_list.py: lists every suite"),
    (lambda r: (r / "partial.py").write_text('x = 1\nSUITES = ["alpha", "gamma"]\n'),
     "partial.py:2: a literal list of 2 of the 3 suites"),
    (lambda r: (r / "elsewhere.py").write_text(load_check().THROWAWAY + "\n"),
     "elsewhere.py: names the throwaway suite"),
])
def test_each_breach_is_named(tmp_path, breach, expected):
    root = tree(tmp_path)
    breach(root)
    found, _, _ = load_check().breaches(root)
    assert any(line.startswith(expected) for line in found), found
