#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Entry point; the work is in clampbench_scripts/upstream/gpu_alloc_cli.py (run with --help).
Needs CUDA torch and a GPU (exit 2 and nothing written without), and Triton for the sites
whose vLLM code is a Triton kernel."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clampbench_scripts.upstream.gpu_alloc_cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
