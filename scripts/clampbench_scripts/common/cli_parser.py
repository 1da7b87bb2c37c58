# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The tools' argument parser: argparse's, but a bad command line (an unknown option, a value
of the wrong type, a missing argument) is one line, `PROG: MESSAGE (--help for usage)`, exit 2,
like every other refusal of the tools, not argparse's usage block and `error:` line. The line
goes through entry.say, so a value echoed in it cannot drive the terminal. --help is argparse's
own. Subparsers (add_subparsers) are of this class too: argparse makes them of the parent's."""
import argparse
import sys

from clampbench_scripts.common.entry import EXIT_BAD_INPUT, say


class CliParser(argparse.ArgumentParser):
    def error(self, message):
        say(self.prog, f"{message} (--help for usage)")
        sys.exit(EXIT_BAD_INPUT)
