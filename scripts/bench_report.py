#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""bench_report.py: how long report.py takes on a synthetic year of runs; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.bench.bench_report_cli")
