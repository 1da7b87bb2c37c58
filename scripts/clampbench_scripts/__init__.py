# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""clampbench's Python tools, one subpackage per family: compare (two runs), gate (the gate's own
check), exports, history, dashboard (report), bench (the tools' own timing), upstream (the ports
against vLLM's code), and common (what they share).

The entry points are the console scripts of pyproject.toml (clampbench-compare, ...); each is a
module's main(argv) returning the exit code, and scripts/<name>.py runs it from the source tree.
"""
