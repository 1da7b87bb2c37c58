# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""How fast the tools are: report.py on a synthetic year of runs (bench_report.py), and the
sites timed under PyTorch (bench_torch.py)."""
