# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""vLLM's own code, read and run without importing vLLM: where a release's text comes from
(source: a PyPI wheel or a directory), finding and compiling a piece of it (extract), a release
opened for running (release), what that code runs with (adapt: torch and Triton as it needs them,
the allocation counter; stand: stand-in objects; helpers: the vLLM helpers newer releases call),
and what it costs the host (host_cost, by cost_rules; pausable: the pause both counters share)."""
