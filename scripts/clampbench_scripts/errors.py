# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The error every reader raises for a bad input file (exit code 2, one line naming it)."""


class InputError(Exception):
    """A file that is not a readable clampbench results v1 document."""

    def __init__(self, path, problem):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem

    def __reduce__(self):  # picklable, so worker processes can return it
        return InputError, (self.path, self.problem)
