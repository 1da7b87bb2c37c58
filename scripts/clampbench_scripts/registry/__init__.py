# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Pages made from the binary's suite registry (`clampbench list --json`): the suites tables of
README.md and docs/suites.md (suite_tables.py)."""
