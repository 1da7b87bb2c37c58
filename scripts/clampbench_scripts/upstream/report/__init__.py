# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py report: a finding written up for vLLM's maintainers, from vLLM's own code."""
