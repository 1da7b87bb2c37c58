# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The suites tables of README.md and docs/suites.md are the binary's registry as it is now
(`clampbench list --json`, in its order), as docs/cli.md is its help: regenerate them with
`/usr/bin/python3 scripts/suite_tables.py`. Also what the generator refuses."""
import json
import os
import subprocess

import pytest

from clampbench_testing import ROOT, binary_path, one_line_error, run_script
from clampbench_scripts.registry.suite_tables import PAGES, render, rewrite


@pytest.fixture(scope="module")
def suites():
    if not os.access(binary_path(), os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"no clampbench binary at {binary_path()} (set CLAMPBENCH_BIN)")
        pytest.skip(f"no clampbench binary at {binary_path()} (set CLAMPBENCH_BIN)")
    proc = subprocess.run([binary_path(), "list", "--json"], capture_output=True, text=True, check=True, timeout=120)
    return json.loads(proc.stdout)


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_tables_are_the_registry_of_the_binary(suites, page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        text = f.read()
    assert rewrite(page, text, suites) == text, (
        f"{page}'s suites tables differ from {binary_path()} list --json: "
        "regenerate them with /usr/bin/python3 scripts/suite_tables.py")


def test_the_check_passes_here_and_names_a_stale_page(suites, tmp_path):
    proc = run_script("suite_tables.py", "--check", "--binary", binary_path())
    assert proc.returncode == 0, proc.stderr
    fake = tmp_path / "clampbench"  # the registry with its last two suites swapped
    swapped = [*suites[:-2], suites[-1], suites[-2]]
    (tmp_path / "list.json").write_text(json.dumps(swapped))
    fake.write_text(f"#!/bin/sh\ncat {tmp_path / 'list.json'}\n")
    fake.chmod(0o755)
    proc = run_script("suite_tables.py", "--check", "--binary", fake)
    assert proc.returncode == 1 and proc.stdout == ""
    line = one_line_error(proc)
    assert "README.md, docs/suites.md" in line and "scripts/suite_tables.py" in line, line


def test_every_suite_has_one_row_per_table_in_the_registry_order(suites):
    for table in ("brief", "sites", "sizes"):
        body = render(table, suites).splitlines()[2:]
        assert [row.split(" | ")[0].removeprefix("| ") for row in body] == [s["name"] for s in suites]


def test_a_page_without_its_markers_or_a_missing_binary_is_refused(tmp_path):
    with pytest.raises(ValueError, match="holds the suite tables"):
        rewrite("README.md", "no tables here\n", [])
    proc = run_script("suite_tables.py", "--check", "--binary", tmp_path / "nowhere")
    assert proc.returncode == 2 and "no clampbench binary" in one_line_error(proc)


def test_a_cell_cannot_break_its_row():
    suite = {"name": "x", "description": "a | b\nc", "vllm_file": "vllm/f.py", "vllm_function": "f",
             "readers": [], "device": "host", "variants": [{"name": "clamp"}],
             "cases": {"quick": 1, "nightly": 1, "full": 1}, "axes": [{"name": "R", "quick": [1], "nightly": [1],
                                                                      "full": [1]}]}
    row = render("sites", [suite]).splitlines()[2]
    assert row.count(" | ") == 4 and "a \\| b c" in row
