# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The argparse type of every path-valued option and argument of the tools: an empty value
('' from an unset shell variable, `--dir "$DIR"`) is refused in one line, exit 2, before any
work. Left alone it would mean "the current directory" to os.path, "no value" to a truthiness
check (a silently skipped --history), or an open('') error reported as an I/O error (exit 3).

The error is raised past argparse (it catches only ArgumentTypeError, TypeError and ValueError
from a type, and would print its usage on a second line): entry.guarded prints the one line."""
from clampbench_scripts.common.errors import InputError


class EmptyPath(InputError):
    """A path-valued option given as the empty string."""


def path_arg(name, convert=str):
    """The argparse type of the option or argument NAME ("--dir", "BASE"): the value as
    CONVERT(value) (str, pathlib.Path), or EmptyPath for ''."""
    def check(text):
        if text == "":
            raise EmptyPath(name, "an empty path ('') given; name a file or directory")
        return convert(text)
    check.__name__ = "path"  # argparse names the type in some messages
    return check
