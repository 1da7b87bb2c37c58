#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""bench_torch.py: the sites timed under PyTorch eager beside clampbench's ports; run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.bench.bench_torch_cli")
