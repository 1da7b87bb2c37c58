# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""docs/adding-a-suite.md followed once more, on a copy of the repository: a scratch GPU suite is
added by the checklist's required items (1 to 4: the suite, its kernel, its test, a row in each
suites table), at the paths the checklist itself names, and nothing else. The footprint check
accepts the copy and refuses it with the README row gone or a stray file named after the suite.
Then the three files are built and run as a user would have them: compiled with the real build's
commands (compile_commands.json; the kernel by nvcc too in a CUDA build), linked into the real
build's `clampbench` and `test_suites` (their link.txt), and run: the binary lists the suite with
its floor and runs it, and the suite's own tests pass. A suite that needed one more file or edit
than the checklist states (a CMake line, a header elsewhere) fails here.
The suite's text is in fixtures/new_suite/, with @NAME@ for its name."""
import importlib.util
import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from clampbench_testing import ROOT, binary_path
from clampbench_scripts.registry.suite_tables import PAGES, rows

NAME, CAMEL = "scratch_probe", "ScratchProbe"
FIXTURE = Path(__file__).resolve().parent / "fixtures" / "new_suite"
CHECK = Path(ROOT) / "tests" / "one_file_suite" / "check_footprint.py"
# What docs/adding-a-suite.md says a GPU suite is: three files, and the two generated tables.
FILES = {"suites/<name>.cpp": "suite.cpp.in", "suites/<name>.cu": "kernel.cu.in",
         "tests/suites/test_<name>.cpp": "test.cpp.in"}
TABLES = ["README.md", "docs/suites.md"]
# The real build's files the scratch suite is compiled like: another GPU suite and its test.
LIKE = {"suite": "suites/static_sink.cpp", "kernel": "suites/static_sink.cu", "test": "tests/suites/test_static_sink.cpp"}


def load_check():
    spec = importlib.util.spec_from_file_location("check_footprint", CHECK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def render(fixture):
    return (FIXTURE / fixture).read_text().replace("@NAME@", NAME).replace("@CAMEL@", CAMEL)


def required_paths(doc):
    """The checklist paths of the items before 'Only when it applies:'."""
    return load_check().checklist_paths(doc.split("Only when it applies:", 1)[0])


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


# The scratch suite as `clampbench list --json` would list it.
SCRATCH_ENTRY = {"name": NAME, "description": "none: a scratch suite", "vllm_file": "none", "vllm_function": "none",
                 "device": "gpu", "readers": [], "variants": [{"name": v} for v in ("clamp", "clamp_", "fused")],
                 "cases": {"quick": 2, "nightly": 2, "full": 3},
                 "axes": [{"name": "R", "quick": [4, 8], "nightly": [4, 64], "full": [4, 64, 1024]}]}


def follow_the_checklist(root):
    """Writes the scratch suite at exactly the paths of the checklist's required items."""
    required = required_paths((root / "docs" / "adding-a-suite.md").read_text())
    assert sorted(required) == sorted([*FILES, *TABLES]), (
        f"docs/adding-a-suite.md's required items name {required}, not the three files and two tables")
    for path, fixture in FILES.items():
        (root / path.replace("<name>", NAME)).write_text(render(fixture))
    # Item 4 is scripts/suite_tables.py on a binary that registers the suite; here the generator
    # renders the suite's row of each page's first table from its registry entry.
    for page, tables in PAGES.items():
        add_row(root / page, rows(tables[0], [SCRATCH_ENTRY])[0])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """A copy of this repository's files (tracked and untracked, not ignored) with the suite added."""
    root = tmp_path_factory.mktemp("adding") / "repo"
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


@pytest.mark.parametrize("breach, expected", [
    ("readme_row", f"README.md: no row for suite {NAME} in its suites table"),
    ("stray_test", f"tests/python/test_{NAME}.py: named after suite {NAME} but not a checklist path"),
])
def test_the_footprint_check_refuses_a_step_missed_or_a_file_astray(scratch, tmp_path, breach, expected):
    root = tmp_path / "repo"
    shutil.copytree(scratch, root)
    if breach == "readme_row":
        readme = root / "README.md"
        readme.write_text("\n".join(line for line in readme.read_text().split("\n") if not line.startswith(f"| {NAME} |")))
    else:
        (root / "tests" / "python" / f"test_{NAME}.py").write_text("def test_it():\n    assert True\n")
    found, _, _ = load_check().breaches(root)
    assert any(line.startswith(expected) for line in found), found
    proc = subprocess.run([sys.executable, str(CHECK), str(root)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1 and expected in proc.stderr, proc.stderr


LINKED = {"clampbench": "harness/CMakeFiles/clampbench.dir", "test_suites": "tests/suites/CMakeFiles/test_suites.dir"}


def build_dir():
    """The real build: $CLAMPBENCH_BIN's folder (CI sets it, and then a build that lacks what
    this needs fails), else build/ (skipped when it lacks it)."""
    build = Path(binary_path()).resolve().parent
    needed = [build / "compile_commands.json", *(build / d / "link.txt" for d in LINKED.values())]
    missing = [str(p) for p in needed if not p.is_file()]
    if missing:  # link.txt: CMake's Makefile generator, the presets' default
        message = f"no {', '.join(missing)}: the scratch suite cannot be built like the real ones"
        if "CLAMPBENCH_BIN" in os.environ:
            pytest.fail(message)
        pytest.skip(message)
    return build


def compile_like(build, like, root, source, obj):
    """SOURCE (in the scratch tree ROOT) compiled with the real build's command for LIKE (a file
    of the same target), into OBJ, the scratch tree first on the include path."""
    entries = json.loads((build / "compile_commands.json").read_text())
    entry = next((e for e in entries if e["file"] == str(Path(ROOT) / like)
                  and "_gpu" not in e["command"] and "_emulated" not in e["command"]), None)
    assert entry is not None, f"compile_commands.json has no command for {like}"
    args = shlex.split(entry["command"])
    args = [str(source) if a == entry["file"] else a for a in args]
    args[args.index("-o") + 1] = str(obj)
    args.insert(1, f"-I{root}")
    return subprocess.Popen(args, cwd=entry["directory"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def link_like(link_dir, objects, output):
    """The real target's link command (CMake's link.txt in LINK_DIR) with OBJECTS added, into OUTPUT."""
    args = shlex.split((link_dir / "link.txt").read_text().strip())
    args[args.index("-o") + 1] = str(output)
    first = next(i for i, a in enumerate(args) if a.endswith(".o"))
    args[first:first] = [str(o) for o in objects]
    return subprocess.run(args, cwd=link_dir.parents[1], capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def built(scratch):
    """The scratch suite's files compiled and linked into the real clampbench and test_suites."""
    build = build_dir()
    out = scratch / "scratch-build"
    out.mkdir()
    sources = {"suite": scratch / f"suites/{NAME}.cpp", "test": scratch / f"tests/suites/test_{NAME}.cpp"}
    cuda = any(e["file"].endswith(LIKE["kernel"]) for e in json.loads((build / "compile_commands.json").read_text()))
    if cuda:
        sources["kernel"] = scratch / f"suites/{NAME}.cu"
    procs = {k: compile_like(build, LIKE[k], scratch, src, out / f"{k}.o") for k, src in sources.items()}
    failed = {k: p.communicate(timeout=600)[0] for k, p in procs.items()}
    failed = {k: text for k, text in failed.items() if procs[k].returncode != 0}
    assert not failed, failed
    suite_objects = [out / "suite.o", *([out / "kernel.o"] if cuda else [])]
    targets = {target: build / folder for target, folder in LINKED.items()}

    extra = {"clampbench": suite_objects, "test_suites": [*suite_objects, out / "test.o"]}
    for target, link_dir in targets.items():
        proc = link_like(link_dir, extra[target], out / target)
        assert proc.returncode == 0, proc.stdout + proc.stderr
    return out


def test_the_binary_lists_the_suite_with_its_floor_and_runs_it(built, tmp_path):
    listed = subprocess.run([str(built / "clampbench"), "list", "--json"], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    entry = next(s for s in json.loads(listed.stdout) if s["name"] == NAME)
    assert [v["name"] for v in entry["variants"]] == ["clamp", "clamp_", "fused"]
    result = tmp_path / "scratch.json"
    proc = subprocess.run([str(built / "clampbench"), "run", "--backend", "host", "--suite", NAME, "--no-timing",
                           "--out", str(result)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    cases = [c for c in json.loads(result.read_text())["cases"] if c["suite"] == NAME]
    floors = [v for c in cases for v in c["variants"] if v["name"] == "fused"]
    assert len(cases) == 2 and len(floors) == 2, cases
    for floor in floors:  # clamp's outputs, its one output its one allocation
        assert floor["checks"]["outputs"]["equal"] and floor["verdict"] == "same", floor
        assert floor["allocations"]["ledger"]["host"]["allocations"] == 1, floor


def test_the_suites_own_tests_pass(built):
    proc = subprocess.run([str(built / "test_suites"), f"--gtest_filter={CAMEL}.*"], capture_output=True, text=True,
                          timeout=600)
    assert proc.returncode == 0, proc.stdout[-4000:]
    assert "[  PASSED  ] 3 tests." in proc.stdout, proc.stdout[-4000:]
