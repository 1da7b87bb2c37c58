# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard (report.py): history series, change detection, plots and the static site."""
