# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py --help is the default command's help (the drift report); it must list the other
commands too, every one cli.py dispatches on (scan, compare, cost), or nobody learns they exist."""
import os
import re

import pytest
from clampbench_testing import SCRIPTS, run_script

CLI = os.path.join(SCRIPTS, "clampbench_scripts", "upstream", "cli.py")


def _commands():
    with open(CLI) as f:
        return re.findall(r'argv\[:1\] == \["(\w+)"\]', f.read())


def test_the_dispatch_is_seen():
    assert {"scan", "compare", "cost"} <= set(_commands())


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_lists_every_command(flag):
    proc = run_script("upstream.py", flag, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert proc.stdout.startswith("usage: upstream.py ") and "--vllm-version" in proc.stdout  # the default's
    for command in _commands():
        assert re.search(rf"^  upstream\.py {command} ", proc.stdout, re.M), (command, proc.stdout)
    assert "upstream.py COMMAND --help" in proc.stdout


@pytest.mark.parametrize("command", ["scan", "compare", "cost"])
def test_each_command_has_its_own_help(command):
    proc = run_script("upstream.py", command, "--help", timeout=120)
    assert proc.returncode == 0 and proc.stdout.startswith(f"usage: upstream.py {command} "), proc.stderr
