# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/pytorch_alloc.py (cli): PyTorch's caching-allocator figures for vLLM's code at every
site and variant (measure, over the window of allocator), merged into a results file (merge)."""
