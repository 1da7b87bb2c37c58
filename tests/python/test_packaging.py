# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The package as pip installs it: every console script of pyproject.toml exists and runs; the
scripts/*.py aliases are the few README.md runs uninstalled, each one of them (the aliases read
the same table)."""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tomllib

import pytest

from clampbench_testing import ROOT, SCRIPTS

ALIAS_LINE = re.compile(r'^__import__\("alias_runner"\)\.run\("(clampbench-[a-z-]+)"\)$')


def console_scripts():
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["scripts"]


def aliases():
    """{scripts/NAME.py: the console script it runs}."""
    found = {}
    for name in sorted(os.listdir(SCRIPTS)):
        if name.endswith(".py") and name != "alias_runner.py":
            with open(os.path.join(SCRIPTS, name)) as f:
                last = f.read().rstrip("\n").splitlines()[-1]
            match = ALIAS_LINE.match(last)
            assert match, f"scripts/{name} is not an alias line: {last!r}"
            found[name] = match.group(1)
    return found


def readme_aliases():
    """The aliases README.md runs (scripts/NAME.py in its text)."""
    with open(os.path.join(ROOT, "README.md")) as f:
        return set(re.findall(r"\bscripts/([a-z_]+\.py)\b", f.read()))


def test_the_aliases_are_exactly_those_the_readme_runs():
    # The console scripts are the way to run a tool; an alias exists only where README.md needs
    # a command that works uninstalled, so neither list may grow without the other.
    assert set(aliases()) == readme_aliases()


def test_every_alias_names_its_console_script():
    table = console_scripts()
    for name, script in aliases().items():
        assert script in table, name
        # Python files are named with underscores (importable); only shell scripts use hyphens
        assert name == script[len("clampbench-"):].replace("-", "_") + ".py", name


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """pip install --target of a copy of the source (pip builds in the tree it is given: the
    copy keeps the checkout clean); returns the target directory."""
    if importlib.util.find_spec("pip") is None:
        pytest.skip(f"no pip for {sys.executable} (Debian: python3-pip)")
    work = tmp_path_factory.mktemp("install")
    source = work / "source"
    (source / "scripts").mkdir(parents=True)
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), source)
    shutil.copytree(os.path.join(SCRIPTS, "clampbench_scripts"), source / "scripts" / "clampbench_scripts",
                    ignore=shutil.ignore_patterns("__pycache__"))
    target = work / "target"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                           "--no-build-isolation", "--disable-pip-version-check", "--target", str(target),
                           str(source)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    return target


@pytest.mark.parametrize("script", sorted(console_scripts()))
def test_console_script_runs_help(installed, script):
    path = installed / "bin" / script
    assert path.is_file()
    env = {**os.environ, "PYTHONPATH": str(installed)}
    proc = subprocess.run([sys.executable, str(path), "--help"], capture_output=True, text=True,
                          env=env, cwd=str(installed), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage: ")
    assert proc.stdout.startswith(f"usage: {script} "), proc.stdout.splitlines()[0]


def test_an_alias_without_its_entry_table_says_so_in_one_line(tmp_path):
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    for name in ("alias_runner.py", "history.py"):
        shutil.copy(os.path.join(SCRIPTS, name), scripts)
    proc = subprocess.run([sys.executable, str(scripts / "history.py"), "--help"], capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 3 and proc.stdout == ""
    assert proc.stderr.startswith(f"clampbench-history: no entry point in {tmp_path / 'pyproject.toml'} (")
    assert len(proc.stderr.splitlines()) == 1
