# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Comparing two runs: per-row calls on time, allocations and findings, and their text, Markdown and JSON."""
