#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""compare.py: compare two runs (or two sets of runs): allocations, instructions, verdicts, time; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.compare.compare_cli")
