# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A command line argparse refuses (an unknown option, a value of the wrong type or range, a
missing argument, a missing command) is one line, `PROG: MESSAGE (--help for usage)`, exit 2,
as every other refusal of the tools: not argparse's usage block and `PROG: error:` line. Every
tool's parser is the one class (common/cli_parser.py), subcommands' too; --help still prints
the whole help."""
import os

import pytest
from clampbench_testing import SCRIPTS, fixture, one_line_error, run_script

TOOLS = sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".py") and n != "tool_runner.py")
TIMEOUT = 120


def _refused(proc, prog):
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    line = one_line_error(proc)
    assert line.startswith(f"{prog}: ") and line.endswith(" (--help for usage)"), line
    assert "usage:" not in line and ": error:" not in line, line
    return line


@pytest.mark.parametrize("tool", TOOLS)
def test_an_unknown_option_is_one_line(tool):
    _refused(run_script(tool, "--no-such-option", timeout=TIMEOUT), tool)


@pytest.mark.parametrize("tool, args, prog, says", [
    ("compare.py", ["a.json", "b.json", "--alpha", "x"], "compare.py", "argument --alpha: invalid float value: 'x'"),
    ("compare.py", [fixture("base.json")], "compare.py", "the following arguments are required: head"),
    ("compare.py", ["a.json", "b.json", "--format", "pdf"], "compare.py", "argument --format: invalid choice: 'pdf'"),
    ("history.py", ["accept", "r.json", "--dir", "d", "--baseline", "b.json", "--gate", "999"], "history.py accept",
     "argument --gate: '999' is not an exit code (0-255)"),
    ("history.py", ["accept", "r.json"], "history.py accept", "the following arguments are required: --dir"),
    ("history.py", [], "history.py", "the following arguments are required: command"),
    ("history.py", ["nosuch"], "history.py", "argument command: invalid choice: 'nosuch'"),
    ("upstream.py", ["cost", "--nope"], "upstream.py cost", "unrecognized arguments: --nope"),
    ("gate.py", ["--base-binary", "b"], "gate.py", "the following arguments are required: --head-binary"),
    ("report.py", ["-o", "{tmp}/site"], "report.py", "give either HISTORY_DIR or --single RESULT.json"),  # its own error()
])
def test_a_bad_value_or_a_missing_argument_is_one_line(tmp_path, tool, args, prog, says):
    line = _refused(run_script(tool, *(a.format(tmp=tmp_path) for a in args), timeout=TIMEOUT), prog)
    assert says in line, line
    assert not os.listdir(tmp_path)


def test_a_value_in_the_line_cannot_drive_the_terminal():
    line = _refused(run_script("compare.py", "a.json", "b.json", "--alpha", "\x1b[2J\x1b]0;pwned\x07"), "compare.py")
    assert "\x1b" not in line and "\x07" not in line and "\\x1b[2J" in line, line


@pytest.mark.parametrize("args, usage", [(["--help"], "usage: compare.py "),
                                         (["accept", "--help"], "usage: history.py accept ")])
def test_help_is_still_the_whole_help(args, usage):
    tool = "history.py" if args[0] == "accept" else "compare.py"
    proc = run_script(tool, *args, timeout=TIMEOUT)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert proc.stdout.startswith(usage) and "options:" in proc.stdout and "--help" in proc.stdout
