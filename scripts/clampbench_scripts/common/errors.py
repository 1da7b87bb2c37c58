# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The errors that name a file and its problem in one line (exit code 2): a bad input file
(InputError) and an output target that cannot be written (output.OutputError)."""


class PathError(Exception):
    """PATH: PROBLEM, one line."""

    def __init__(self, path, problem):
        super().__init__(f"{path}: {problem}")
        self.path = path
        self.problem = problem

    def __reduce__(self):  # picklable, so worker processes can return it
        return type(self), (self.path, self.problem)


class InputError(PathError):
    """A file that is not a readable clampbench results v1 document."""
