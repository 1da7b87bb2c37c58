#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""report.py: the dashboard of a history (or of one run); run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.dashboard.report_cli")
