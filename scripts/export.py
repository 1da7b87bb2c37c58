#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""export.py: one run as Google Benchmark JSON or Bencher Metric Format; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.exports.export_cli")
