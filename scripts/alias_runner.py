# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Runs a console script from the source tree, uninstalled: scripts/compare.py is
clampbench-compare. The entry points are read from pyproject.toml's [project.scripts], so the
aliases and an installed package cannot disagree (cmake --install puts pyproject.toml beside
scripts/ for the same reason). Python 3.6 syntax: an old interpreter must get as far as the
check of its version (common/interpreter.py) before tomllib (3.11) is imported."""
import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXIT_INTERNAL = 3
EXIT_BAD_USAGE = 2


def run(console_script):
    """Exits with the status of console_script's main(sys.argv[1:])."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))  # clampbench_scripts, however the alias was started
    try:  # the version first: it exits 2 with one line on an interpreter older than the tools need
        from clampbench_scripts.common.interpreter import require_python
        require_python()
    except ImportError:
        pass  # no package beside this file: the entry point table's error below says what is wrong
    import tomllib
    table = os.path.join(ROOT, "pyproject.toml")
    try:
        with open(table, "rb") as f:
            target = tomllib.load(f)["project"]["scripts"][console_script]
    except (OSError, tomllib.TOMLDecodeError, KeyError) as e:
        print(f"{console_script}: no entry point in {table} ({type(e).__name__}: {e})", file=sys.stderr)
        sys.exit(EXIT_INTERNAL)
    module, function = target.split(":")
    try:
        main = getattr(importlib.import_module(module), function)
    except ImportError as e:  # numpy, scipy... not seen by this interpreter: say which one to use
        from clampbench_scripts.common.interpreter import advice, missing_dependency
        if missing_dependency(e) is None:
            raise
        print(f"{os.path.basename(sys.argv[0])}: {advice(missing_dependency(e))}", file=sys.stderr)
        sys.exit(EXIT_BAD_USAGE)
    sys.exit(main(sys.argv[1:]))
