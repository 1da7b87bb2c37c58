#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""clampbench-gate from the source tree (see alias_runner.py); run with --help."""
__import__("alias_runner").run("clampbench-gate")
