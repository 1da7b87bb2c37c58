# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Results in other tools' formats (export.py): Google Benchmark JSON and Bencher's BMF."""
