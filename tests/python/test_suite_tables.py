# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The suites tables of README.md and docs/suites.md are the binary as it is now: its registry
(`clampbench list --json`, in its order), as docs/cli.md is its help, and docs/suites.md's floor
table a quick host run's host cost: regenerate them with `/usr/bin/python3 scripts/suite_tables.py`.
Also what the generator refuses."""
import json
import os
import subprocess

import pytest

from clampbench_testing import ROOT, binary_path, one_line_error, run_script
from clampbench_scripts.registry import floor_table
from clampbench_scripts.registry.suite_tables import MARKER, PAGES, render, rewrite


def _binary():
    if not os.access(binary_path(), os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"no clampbench binary at {binary_path()} (set CLAMPBENCH_BIN)")
        pytest.skip(f"no clampbench binary at {binary_path()} (set CLAMPBENCH_BIN)")
    return binary_path()


@pytest.fixture(scope="module")
def suites():
    proc = subprocess.run([_binary(), "list", "--json"], capture_output=True, text=True, check=True, timeout=120)
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def quick(tmp_path_factory):
    """The results document of the binary's quick host run, as the generator runs it."""
    tmp = tmp_path_factory.mktemp("quick")
    subprocess.run([_binary(), "run", "--backend", "host", "--sizes", "quick", "--no-timing", "--instructions", "off",
                    "--out", tmp / "quick.json"], cwd=tmp, capture_output=True, check=True, timeout=600)
    return json.loads((tmp / "quick.json").read_text())


def _fake_binary(tmp_path, listing, results):
    """A binary that prints LISTING for list --json and writes RESULTS for run --out FILE."""
    (tmp_path / "list.json").write_text(json.dumps(listing))
    (tmp_path / "quick.json").write_text(json.dumps(results))
    fake = tmp_path / "clampbench"
    fake.write_text(f"#!/bin/sh\nif [ \"$1\" = run ]; then\n  for a; do [ \"$prev\" = --out ] && cp "
                    f"{tmp_path / 'quick.json'} \"$a\"; prev=$a; done; exit 0\nfi\ncat {tmp_path / 'list.json'}\n")
    fake.chmod(0o755)
    return fake


@pytest.mark.parametrize("page", sorted(PAGES))
def test_the_tables_are_the_registry_of_the_binary(suites, quick, page):
    with open(os.path.join(ROOT, page), encoding="utf-8") as f:
        text = f.read()
    assert rewrite(page, text, suites, {"floor": floor_table.render(quick)}) == text, (
        f"{page}'s suites tables differ from {binary_path()}: "
        "regenerate them with /usr/bin/python3 scripts/suite_tables.py")


def test_the_floor_table_is_a_fresh_quick_run_of_the_binary(quick):
    with open(os.path.join(ROOT, "docs", "suites.md"), encoding="utf-8") as f:
        tables = {m.group(2): m.group(3) for m in MARKER.finditer(f.read())}
    fresh = floor_table.render(quick)
    assert tables["floor"] == fresh, "docs/suites.md's floor table differs: /usr/bin/python3 scripts/suite_tables.py"
    body = fresh.splitlines()[2:]
    assert len(body) == len({c["suite"] for c in quick["cases"]}) and "n/a" not in fresh


def test_the_check_passes_here_and_names_a_stale_page(suites, quick, tmp_path):
    proc = run_script("suite_tables.py", "--check", "--binary", binary_path())
    assert proc.returncode == 0, proc.stderr
    swapped = [*suites[:-2], suites[-1], suites[-2]]  # the registry with its last two suites swapped
    proc = run_script("suite_tables.py", "--check", "--binary", _fake_binary(tmp_path, swapped, quick))
    assert proc.returncode == 1 and proc.stdout == ""
    line = one_line_error(proc)
    assert "README.md, docs/suites.md" in line and "scripts/suite_tables.py" in line, line


def test_a_changed_host_cost_makes_only_the_floor_page_stale(suites, quick, tmp_path):
    changed = json.loads(json.dumps(quick))
    fused = next(v for v in changed["cases"][0]["variants"] if v["name"] == "fused")
    fused["host_cost"]["ops"] += 1
    fused["host_cost"]["by_op"]["add"] = fused["host_cost"]["by_op"].get("add", 0) + 1
    proc = run_script("suite_tables.py", "--check", "--binary", _fake_binary(tmp_path, suites, changed))
    assert proc.returncode == 1, proc.stderr
    line = one_line_error(proc)
    assert line.endswith(": docs/suites.md (regenerate: /usr/bin/python3 scripts/suite_tables.py)"), line


def test_a_quick_run_that_fails_or_records_no_host_cost_is_refused(suites, quick, tmp_path):
    failing = tmp_path / "failing"
    failing.write_text(f"#!/bin/sh\n[ \"$1\" = run ] && {{ echo 'bad run' >&2; exit 3; }}\n"
                       f"cat {tmp_path / 'list.json'}\n")
    failing.chmod(0o755)
    (tmp_path / "list.json").write_text(json.dumps(suites))
    proc = run_script("suite_tables.py", "--check", "--binary", failing)
    assert proc.returncode == 2 and "exited 3: bad run" in one_line_error(proc)
    old = json.loads(json.dumps(quick))
    for case in old["cases"]:
        for variant in case["variants"]:
            del variant["host_cost"]
    (tmp_path / "old").mkdir()
    proc = run_script("suite_tables.py", "--check", "--binary", _fake_binary(tmp_path / "old", suites, old))
    assert proc.returncode == 2 and "records no host_cost" in one_line_error(proc)


def test_every_suite_has_one_row_per_table_in_the_registry_order(suites, quick):
    tables = {table: render(table, suites) for table in ("brief", "sites", "sizes")}
    for table, text in {**tables, "floor": floor_table.render(quick)}.items():
        body = text.splitlines()[2:]
        assert [row.split(" | ")[0].removeprefix("| ") for row in body] == [s["name"] for s in suites], table


def test_a_page_without_its_markers_or_a_missing_binary_is_refused(tmp_path):
    with pytest.raises(ValueError, match="holds the suite tables"):
        rewrite("README.md", "no tables here\n", [])
    page = "".join(f"<!-- suite-table {t} -->\n<!-- /suite-table {t} -->\n" for t in PAGES["docs/suites.md"])
    with pytest.raises(ValueError, match=r"holds the tables \['floor'\], made from a quick run's results"):
        rewrite("docs/suites.md", page, [])
    proc = run_script("suite_tables.py", "--check", "--binary", tmp_path / "nowhere")
    assert proc.returncode == 2 and "no clampbench binary" in one_line_error(proc)


def test_a_cell_cannot_break_its_row():
    suite = {"name": "x", "description": "a | b\nc", "vllm_file": "vllm/f.py", "vllm_function": "f",
             "readers": [], "device": "host", "variants": [{"name": "clamp"}],
             "cases": {"quick": 1, "nightly": 1, "full": 1}, "axes": [{"name": "R", "quick": [1], "nightly": [1],
                                                                      "full": [1]}]}
    row = render("sites", [suite]).splitlines()[2]
    assert row.count(" | ") == 4 and "a \\| b c" in row
