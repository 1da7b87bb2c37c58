# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The install docs/compare-and-gate.md gives, run as written (HOME a scratch directory, the
checkout a copy of the package): a venv over Debian's Python whose bin then holds every console
script of pyproject.toml, each running from the checkout with Debian's numpy in sight."""
import os
import re
import shutil
import subprocess
import tomllib

import pytest

from clampbench_testing import ROOT, SCRIPTS

DEBIAN_PYTHON = "/usr/bin/python3"


def documented_install():
    """The commands of the guide's first sh block (the install), one per line, comments cut."""
    with open(os.path.join(ROOT, "docs", "compare-and-gate.md")) as f:
        block = re.search(r"```sh\n(.*?)```", f.read(), flags=re.S).group(1)
    return [line.split("  #")[0].strip() for line in block.splitlines() if line.strip()]


def test_the_documented_install_gives_every_console_script(tmp_path):
    if subprocess.run([DEBIAN_PYTHON, "-c", "import venv, ensurepip, numpy"], capture_output=True).returncode:
        pytest.skip(f"{DEBIAN_PYTHON} without venv, ensurepip or numpy (Debian: python3-venv python3-numpy)")
    checkout = tmp_path / "checkout"
    (checkout / "scripts").mkdir(parents=True)
    shutil.copy(os.path.join(ROOT, "pyproject.toml"), checkout)
    shutil.copytree(os.path.join(SCRIPTS, "clampbench_scripts"), checkout / "scripts" / "clampbench_scripts",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin", "PIP_NO_INDEX": "1"}
    install = documented_install()
    assert install[-1].startswith("export PATH="), install
    proc = subprocess.run(["bash", "-euc", "\n".join(install) + '\necho "$PATH"'], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr
    path = proc.stdout.splitlines()[-1]
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        table = tomllib.load(f)["project"]["scripts"]
    for script in table:
        found = shutil.which(script, path=path)
        assert found and found.startswith(env["HOME"]), script
    proc = subprocess.run(["clampbench-report", "--help"], env={**env, "PATH": path}, capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith("usage: clampbench-report "), proc.stderr
    # Editable: the package is the checkout's code; and the venv sees Debian's numpy.
    probe = "import clampbench_scripts, numpy; print(clampbench_scripts.__file__)"
    proc = subprocess.run(["python", "-c", probe], env={**env, "PATH": path}, capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == str(checkout / "scripts" / "clampbench_scripts" / "__init__.py")
