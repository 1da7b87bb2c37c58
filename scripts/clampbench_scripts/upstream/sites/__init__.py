# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The sites: where each suite's code lives in a vLLM release and how to run it on a dumped case
(model: Site; a module for each group of suites; registry: every site), and one site run and
checked on one case (check)."""
