# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py add RESULT.json [--dir results/history]: append a run to the history.
history.py check --dir HISTORY --baseline FILE [--accepted-by WHO]: what accept will need,
checked before a night writes anything (merge.sh runs it first): a name that names somebody,
a history that is a directory or absent, a nights log and a baseline that are regular files.
history.py accept RESULT.json --dir HISTORY --baseline FILE --gate RC [--gate-json F]
[--accepted-by WHO]: the nightly's baseline rule. RESULT (already added) becomes BASELINE only
when the gate (compare.py's exit code RC) fully assessed it and found no regression (RC 0), or
when WHO accepts it by name; any other night keeps the old baseline. Either way the
night is recorded in HISTORY/nights.jsonl (the gate's verdict, what it could not see from
--gate-json, compare.py --format json, and who accepted it), which the dashboard shows.
Exit 0, 2 a bad results file, a run the history already holds (its file named), a --dir that
is not a writable directory or an empty value, 3 an I/O error while writing (a closed stdout
included)."""
import argparse

from clampbench_scripts.history import accept as acceptance
from clampbench_scripts.history import runs as history
from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.escape import terminal_text
from clampbench_scripts.common.output import write_text
from clampbench_scripts.common.path_args import path_arg

PROG = "history.py"


def _exit_code(text):
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= 255:
        raise argparse.ArgumentTypeError(f"{text!r} is not an exit code (0-255)")
    return value


def build_parser():
    p = CliParser(prog=PROG, description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    add = sub.add_parser("add", help="copy a results file into the history under a new name")
    add.add_argument("result", type=path_arg("RESULT"))
    add.add_argument("--dir", type=path_arg("--dir"), default="results/history")
    chk = sub.add_parser("check", help="check accept's arguments and the state before a night writes anything")
    chk.add_argument("--dir", type=path_arg("--dir"), required=True)
    chk.add_argument("--baseline", type=path_arg("--baseline"), required=True)
    chk.add_argument("--accepted-by")
    acc = sub.add_parser("accept", help="the baseline rule: record a gated night, replace the baseline "
                                        "only when it passed or is accepted by name")
    acc.add_argument("result", type=path_arg("RESULT"))
    acc.add_argument("--dir", type=path_arg("--dir"), required=True)
    acc.add_argument("--baseline", type=path_arg("--baseline"), required=True,
                     help="the accepted baseline (replaced, or kept)")
    acc.add_argument("--gate", type=_exit_code, required=True, help="compare.py's exit code for this night")
    acc.add_argument("--gate-json", type=path_arg("--gate-json"),
                     help="compare.py --format json of this night (what it could not see)")
    acc.add_argument("--accepted-by", help="who accepts this night even if the gate did not pass it")
    return p


@guarded(PROG)
def main(argv=None):
    args = build_parser().parse_args(argv)
    if args.command == "check":
        acceptance.check_state(args.dir, args.baseline, args.accepted_by)
        return 0
    if args.command == "accept":
        item = acceptance.accept(args.result, args.dir, args.baseline, args.gate, args.gate_json,
                                 args.accepted_by)
        write_text(terminal_text(acceptance.summary(item, args.baseline)) + "\n")
        return 0
    dest = history.add(args.result, args.dir)
    write_text(terminal_text(dest) + "\n")  # a closed stdout is an I/O error (exit 3), not silence
    return 0
