# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`upstream.py compare` (cli): two vLLM trees' own code on the same dumped inputs, site by site
(trees), run and watched (run, dispatch_writes), checked against the base (checks, values), timed
(timing), and written as two clampbench results files (results) with a summary (report)."""
