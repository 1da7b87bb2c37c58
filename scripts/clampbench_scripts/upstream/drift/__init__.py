# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`upstream.py` (cli): per site, drift between a vLLM tree and the ports: is the function there,
which form has it, and does it agree bitwise with the port (assess, rewritten; report writes it)."""
