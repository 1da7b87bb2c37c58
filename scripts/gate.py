#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""gate.py: the adaptive time gate: interleaved base/head runs until every suite is answered; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.gate.gate_cli")
