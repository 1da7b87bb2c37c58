# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Runs a console script from the source tree, uninstalled: scripts/compare.py is
clampbench-compare. The entry points are read from pyproject.toml's [project.scripts], so the
aliases and an installed package cannot disagree."""
import importlib
import os
import sys
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run(console_script):
    """Exits with the status of console_script's main(sys.argv[1:])."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))  # clampbench_scripts, however the alias was started
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        target = tomllib.load(f)["project"]["scripts"][console_script]
    module, function = target.split(":")
    sys.exit(getattr(importlib.import_module(module), function)(sys.argv[1:]))
