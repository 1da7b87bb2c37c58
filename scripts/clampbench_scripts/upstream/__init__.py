# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""vLLM's own released code as the reference of the ports: read a release's source (a wheel
from PyPI or a directory), find each site's function with `ast`, report its form (clamp,
clamp_, rewritten, missing), and run it under PyTorch on clampbench's dumped inputs.

vLLM is never imported: only the few functions a site needs are compiled from the release's
text, with small stand-ins for the vLLM objects around them (see sites/).

  vllm_code/      reading and running a release's code (shared by all below)
  dump.py         clampbench's `run --dump` tree, and comparing with it bitwise
  dump_ready.py   the dump a command checks against: named and checked, or made fresh
  dump_files.py   whether each dumped .npy file is what the manifest says (before any site runs)
  problems.py     what can be wrong with a site of a tree, and the exit code of each
  sites/          each site: where its code is, how it runs on a dumped case
  drift/          upstream.py: each site of a tree against the ports
  scan/           upstream.py scan: the in-place writes of a tree's metadata code
  branches/       upstream.py compare: two trees' code as two results files; upstream.py cost:
                  two trees' host cost per site
  pytorch_alloc/  scripts/pytorch_alloc.py: PyTorch's allocator figures per site
  cli.py          scripts/upstream.py: the commands above
  commands.py     the list of them its --help prints"""
