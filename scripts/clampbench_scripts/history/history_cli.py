# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py add RESULT.json [--dir results/history]: append a run to the history.
Exit 0, 2 a bad results file, a run the history already holds (its file named) or a --dir
that is not a writable directory, 3 an I/O error while writing (a closed stdout included)."""
import argparse

from clampbench_scripts.history import runs as history
from clampbench_scripts.common.entry import command_name, guarded
from clampbench_scripts.common.escape import terminal_text
from clampbench_scripts.common.output import write_text
from clampbench_scripts.common.path_args import path_arg

PROG = command_name("history.py", "clampbench-history")


@guarded(PROG)
def main(argv=None):
    p = argparse.ArgumentParser(prog=PROG, description=history.__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="copy a results file into the history under a new name")
    add.add_argument("result", type=path_arg("RESULT"))
    add.add_argument("--dir", type=path_arg("--dir"), default="results/history")
    args = p.parse_args(argv)
    dest = history.add(args.result, args.dir)
    write_text(terminal_text(dest) + "\n")  # a closed stdout is an I/O error (exit 3), not silence
    return 0
