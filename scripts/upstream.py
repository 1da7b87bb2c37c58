#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py: the ports against vLLM's own code; compare and scan; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.upstream.cli")
