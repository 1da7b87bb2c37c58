# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""vLLM's own released code as the reference of the ports: read a release's source (a wheel
from PyPI or a directory), find each site's function with `ast`, report its form (clamp,
clamp_, rewritten, missing), and run it under PyTorch on clampbench's dumped inputs.

vLLM is never imported: only the few functions a site needs are compiled from the release's
text, with small stand-ins for the vLLM objects around them (see sites_*.py)."""
