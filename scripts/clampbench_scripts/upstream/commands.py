# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The commands of scripts/upstream.py (cli.py dispatches on the first argument), as its --help
lists them: that help is the default command's (drift/cli.py), which alone would never say
that scan, compare and cost exist. Its own module: cli.py imports the drift command, so the
drift command cannot import cli.py."""

HELP = """commands:
  upstream.py (--vllm-version X | --vllm-src DIR) ...  the default: each site's drift (the options above)
  upstream.py scan ...                                   every in-place tensor write in a vLLM tree
  upstream.py compare --base X --head Y ...              two trees' sites on the dumped inputs, as two
                                                         results files for compare.py
  upstream.py cost [--base X --head Y] ...               two trees' host cost per call of each site
  upstream.py cost --port [--dump DIR] ...               each port's cost against its release's, per call
  upstream.py report SITE --vllm-version X ...           a finding written up for vLLM's maintainers

upstream.py COMMAND --help: that command's options (docs/upstream.md)"""
