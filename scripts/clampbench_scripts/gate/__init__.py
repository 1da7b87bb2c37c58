# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The gate's own check (gate_check.py): A/A pairs make no call, planted changes are called."""
