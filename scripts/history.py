#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py: the run history: add a run, apply the baseline rule; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.history.history_cli")
