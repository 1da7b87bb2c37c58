# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""clampbench's Python tools, one subpackage per family: compare (two runs), gate (the gate's own
check), exports, history, dashboard (report), bench (the tools' own timing), upstream (the ports
against vLLM's code), and common (what they share).

Each tool is scripts/<tool>.py (compare.py, ...), run from the tree with nothing installed: a
module's main(argv) returning the exit code, started by scripts/tool_runner.py.
Every entry imports this first: an interpreter older than the tools need stops here, with one
line, before a module of newer syntax fails to parse (Python 3.6 syntax up to the check).
"""
from clampbench_scripts.common.interpreter import require_python

require_python()
