# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The Python tools have one spelling, scripts/<tool>.py, which runs on a fresh clone with nothing
installed: every scripts/*.py but tool_runner.py is one line naming a module's main, each prints
its usage under that name, and no page, CI file or help text names a tool another way (the
console scripts clampbench-<tool> are gone)."""
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from clampbench_testing import ROOT, SCRIPTS

TOOL_LINE = re.compile(r'^__import__\("tool_runner"\)\.run\("(clampbench_scripts(?:\.\w+)+)"\)$')
TOOLS = sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".py") and n != "tool_runner.py")
# The old console-script names, longest first; a temporary directory's prefix
# (clampbench-gate-*, clampbench-upstream-...) is not a tool's name.
OLD_NAMES = re.compile(r"\bclampbench-(gate-check|bench-report|bench-torch|pytorch-alloc|compare|report|history"
                       r"|export|upstream|gate)(?![\w-])")


def module_of(tool):
    last = (Path(SCRIPTS) / tool).read_text().rstrip("\n").splitlines()[-1]
    match = TOOL_LINE.match(last)
    assert match, f"scripts/{tool} is not a tool line: {last!r}"
    return match.group(1)


@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_is_one_line_naming_a_main(tool):
    assert re.fullmatch(r"[a-z_]+\.py", tool), "a Python tool is named with underscores (shell scripts use -)"
    sys.path.insert(0, SCRIPTS)
    assert callable(importlib.import_module(module_of(tool)).main)
    assert os.access(os.path.join(SCRIPTS, tool), os.X_OK)


@pytest.mark.parametrize("tool", TOOLS)
def test_every_tool_prints_its_usage_under_its_one_name(tool, tmp_path):
    proc = subprocess.run([sys.executable, os.path.join(SCRIPTS, tool), "--help"], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: {tool} "), proc.stdout.splitlines()[0]


def test_nothing_names_a_tool_another_way():
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "--cached", "--others", "--exclude-standard",
                            "README.md", "docs", "ci", ".ci", "scripts", "tests", "results/SCHEMA.md"],
                           capture_output=True, text=True, check=True).stdout.split()
    found = []
    for name in files:
        path = Path(ROOT) / name
        if not path.is_file() or path.suffix not in (".md", ".py", ".sh", ".yml", ""):
            continue
        for number, line in enumerate(path.read_text(errors="ignore").splitlines(), 1):
            if name != "tests/python/test_tools.py" and OLD_NAMES.search(line):
                found.append(f"{name}:{number}: {line.strip()}")
    assert not found, "\n".join(found)
