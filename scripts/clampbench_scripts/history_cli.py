# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py add RESULT.json [--dir results/history]: append a run to the history."""
import argparse

from clampbench_scripts import history
from clampbench_scripts.output import fail
from clampbench_scripts.results import InputError

PROG = "history.py"


def main(argv):
    p = argparse.ArgumentParser(prog=PROG, description=history.__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="copy a results file into the history under a new name")
    add.add_argument("result")
    add.add_argument("--dir", default="results/history")
    args = p.parse_args(argv)
    try:
        dest = history.add(args.result, args.dir)
    except InputError as e:
        return fail(PROG, str(e))
    except OSError as e:
        return fail(PROG, f"{args.dir}: cannot write: {e.strerror}")
    print(dest)
    return 0
