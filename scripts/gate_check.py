#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate_check.py: the gate's own check: A/A pairs and planted changes; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.gate.gate_check_cli")
