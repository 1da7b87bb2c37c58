# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`upstream.py scan` (cli): every in-place tensor write of a vLLM tree's metadata code (scope), the
origin of the tensor written (dataflow, writes), the suite covering it (tree_scan) and whether it is
new since another release (since)."""
