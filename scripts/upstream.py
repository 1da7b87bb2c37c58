#!/usr/bin/env python3
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Entry point; the work is in clampbench_scripts/upstream/cli.py (run with --help). Needs
torch, and Triton for the sites whose vLLM code is a Triton kernel: scripts/test.sh sets up
such an interpreter (scripts/detail/upstream_env.sh)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from clampbench_scripts.upstream.cli import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
