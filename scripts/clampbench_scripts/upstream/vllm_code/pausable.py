# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A counter of vLLM's work that can be paused: while its owner does its own bookkeeping (a
copy to compare against, a stand-in's setup), nothing it does is counted as vLLM's."""
import contextlib


class Pausable:
    paused = 0

    @contextlib.contextmanager
    def pause(self):
        self.paused += 1
        try:
            yield
        finally:
            self.paused -= 1
