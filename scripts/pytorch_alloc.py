#!/usr/bin/python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""pytorch_alloc.py: PyTorch's own caching-allocator figures for vLLM's code (a GPU); run with --help (tool_runner.py)."""
__import__("tool_runner").run("clampbench_scripts.upstream.pytorch_alloc.cli")
