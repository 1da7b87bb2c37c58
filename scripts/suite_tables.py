#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""suite_tables.py: the suites tables of README.md and docs/suites.md from the binary's registry and a quick run; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.registry.suite_tables_cli")
