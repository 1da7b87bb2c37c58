# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""docs/adding-a-suite.md followed once more, on a copy of the repository: a scratch suite is
added by the checklist's items 1, 2, 4, 5 and 6 (its file, its fused header and host loop, its
hand-worked test, a test in a fused group file, a row in each suites table), at the paths the
checklist itself names. The footprint check accepts the copy and refuses it with the README row
gone or a stray file named after the suite; the suite's C++ compiles with the real build's flags.
The suite's text is in fixtures/new_suite/, with @NAME@ for its name."""
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clampbench_testing import ROOT
from clampbench_scripts.registry.suite_tables import PAGES, rows

NAME, CAMEL = "scratch_probe", "ScratchProbe"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "new_suite"
CHECK = Path(ROOT) / "tests" / "one_file_suite" / "check_footprint.py"
FUSED_GROUP = "tests/suites/test_fused_chunked.cpp"  # the host-only builders' group
# The flags CMake gives a suite and its tests: CMAKE_CXX_STANDARD 20, the source root on the
# include path (kernels/CMakeLists.txt), -Wall -Wextra (suites/ and tests/suites/CMakeLists.txt);
# -Werror because a new suite should add no warning, -fsyntax-only because the check is the
# code (types, overloads, templates instantiated), not a link.
CXX_FLAGS = ["-std=c++20", "-Wall", "-Wextra", "-Werror", "-fsyntax-only"]


def load_check():
    spec = importlib.util.spec_from_file_location("check_footprint", CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def render(fixture):
    return (FIXTURE / fixture).read_text().replace("@NAME@", NAME).replace("@CAMEL@", CAMEL)


def add_row(path, row):
    """ROW after the last row of PATH's suites table (the one whose header is `| suite |`)."""
    lines = path.read_text().split("\n")
    header = next(i for i, line in enumerate(lines) if line.startswith("| suite |"))
    assert row.count("|") == lines[header].count("|"), f"{path.name}'s suites table changed its columns"
    end = header
    while lines[end + 1].startswith("|"):
        end += 1
    lines.insert(end + 1, row)
    path.write_text("\n".join(lines))


def add_fused_group_test(path):
    """The fixture's include after the group's last fused header, its test before the closing
    namespaces."""
    include, test = render("fused_test.cpp.in").split("// ---- test\n")
    include = include.strip().splitlines()[-1]
    text = path.read_text()
    last = list(re.finditer(r'^#include "suites/fused/.*\n', text, flags=re.M))[-1]
    text = text[:last.end()] + include + "\n" + text[last.end():]
    closing = "}  // namespace\n}  // namespace clampbench::suite_tests"
    assert text.count(closing) == 1
    path.write_text(text.replace(closing, test + "\n" + closing))


# The scratch suite as `clampbench list --json` would list it.
SCRATCH_ENTRY = {"name": NAME, "description": "none: a scratch suite", "vllm_file": "none", "vllm_function": "none",
                 "device": "host", "readers": [], "variants": [{"name": v} for v in ("clamp", "clamp_", "fused")],
                 "cases": {"quick": 1, "nightly": 1, "full": 1},
                 "axes": [{"name": "R", "quick": [4], "nightly": [4], "full": [4]}]}


def follow_the_checklist(root):
    """Writes the scratch suite at the paths of the checklist's items 1, 2, 4, 5 and 6."""
    checklist = load_check().checklist_paths((root / "docs" / "adding-a-suite.md").read_text())
    files = {"suites/<name>.cpp": "suite.cpp.in", "suites/fused/<name>_fused.h": "fused.h.in",
             "suites/fused/<name>_fused.cpp": "fused.cpp.in", "tests/suites/test_<name>.cpp": "test.cpp.in"}
    edits = ["tests/suites/test_fused_<group>.cpp", "README.md", "docs/suites.md"]
    missing = [p for p in [*files, *edits] if p not in checklist]
    assert not missing, f"docs/adding-a-suite.md's checklist no longer names {missing}"
    for path, fixture in files.items():
        (root / path.replace("<name>", NAME)).write_text(render(fixture))
    add_fused_group_test(root / FUSED_GROUP)
    # Item 6 is scripts/suite_tables.py on a binary that registers the suite; none is built here,
    # so the generator renders the suite's row of each page's first table from its registry entry.
    for page, tables in PAGES.items():
        add_row(root / page, rows(tables[0], [SCRATCH_ENTRY])[0])


@pytest.fixture
def scratch(tmp_path):
    """A copy of this repository's files (tracked and untracked, not ignored) with the suite added."""
    root = tmp_path / "repo"
    for f in load_check().repository_files(Path(ROOT)):
        (root / f).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(Path(ROOT) / f, root / f)
    follow_the_checklist(root)
    return root


def test_the_footprint_check_accepts_the_suite_added_by_the_checklist(scratch):
    found, _, suites = load_check().breaches(scratch)
    assert NAME in suites and found == []
    proc = subprocess.run([sys.executable, str(CHECK), str(scratch)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def without_the_readme_row(root):
    readme = root / "README.md"
    readme.write_text("\n".join(line for line in readme.read_text().split("\n") if not line.startswith(f"| {NAME} |")))


def with_a_stray_test(root):
    (root / "tests" / "python" / f"test_{NAME}.py").write_text("def test_it():\n    assert True\n")


@pytest.mark.parametrize("breach, expected", [
    (without_the_readme_row, f"README.md: no row for suite {NAME} in its suites table"),
    (with_a_stray_test, f"tests/python/test_{NAME}.py: named after suite {NAME} but not a checklist path"),
])
def test_the_footprint_check_refuses_a_step_missed_or_a_file_astray(scratch, breach, expected):
    breach(scratch)
    found, _, _ = load_check().breaches(scratch)
    assert any(line.startswith(expected) for line in found), found
    proc = subprocess.run([sys.executable, str(CHECK), str(scratch)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and expected in proc.stderr, proc.stderr


def test_the_suite_compiles_with_the_build_flags(scratch):
    cxx = shutil.which("g++")
    if cxx is None:
        pytest.skip("no g++: the scratch suite's C++ is not compiled here")
    sources = [f"suites/{NAME}.cpp", f"suites/fused/{NAME}_fused.cpp", f"tests/suites/test_{NAME}.cpp", FUSED_GROUP]
    procs = {src: subprocess.Popen([cxx, *CXX_FLAGS, f"-I{scratch}", str(scratch / src)], stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True) for src in sources}
    outputs = {src: proc.communicate(timeout=300)[0] for src, proc in procs.items()}
    failed = {src: out for src, out in outputs.items() if procs[src].returncode != 0}
    assert not failed, failed
