# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Runs one of clampbench's Python tools from the tree, set-up free: scripts/compare.py is
run("clampbench_scripts.compare.compare_cli"), that module's main(sys.argv[1:]). Every tool is
scripts/<tool>.py, one such line (tests/python/test_tools.py); there is nothing to install.
Python 2.7 and 3.0 syntax (no f-strings, no print function): an old interpreter, python2
included, must get as far as the check of its version (common/interpreter.py) and its one line,
exit 2, before a module of newer syntax is imported; a SyntaxError there is a traceback, exit 1,
which a gate reads as a regression."""
import importlib
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXIT_BAD_USAGE = 2


def run(module):
    """Exits with the status of MODULE's main(sys.argv[1:])."""
    sys.path.insert(0, os.path.join(ROOT, "scripts"))  # clampbench_scripts, however the tool was started
    # The version first: it exits 2 with one line on an interpreter older than the tools need.
    from clampbench_scripts.common.interpreter import advice, missing_dependency, require_python
    require_python()
    try:
        main = importlib.import_module(module).main
    except ImportError as e:  # numpy, scipy... not seen by this interpreter: say which one to use
        if missing_dependency(e) is None:
            raise
        sys.stderr.write("{0}: {1}\n".format(os.path.basename(sys.argv[0]), advice(missing_dependency(e))))
        sys.exit(EXIT_BAD_USAGE)
    sys.exit(main(sys.argv[1:]))
