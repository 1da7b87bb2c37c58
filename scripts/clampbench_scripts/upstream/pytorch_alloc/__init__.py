# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""clampbench-pytorch-alloc (cli): PyTorch's caching-allocator figures for vLLM's code at every
site and variant (measure, over the window of allocator), merged into a results file (merge)."""
