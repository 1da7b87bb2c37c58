# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Pages made from the binary: the suites tables of README.md and docs/suites.md from its suite
registry (`clampbench list --json`), and docs/suites.md's host cost table from a quick run
(suite_tables.py)."""
