# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""clampbench's Python scripts: compare two runs, export, history and the dashboard.

The entry points are scripts/compare.py, export.py, history.py, report.py and bench_report.py;
each is a thin wrapper over a module here with a main(argv) returning the exit code.
"""
