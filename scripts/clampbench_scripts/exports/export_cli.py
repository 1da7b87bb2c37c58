# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""export.py FILE --format gbench|bmf: one run as Google Benchmark JSON or Bencher Metric Format.
Exit 0, 2 bad input or an output that cannot be written, 3 an I/O error while writing."""
import argparse

from clampbench_scripts.exports import formats as exports
from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.output import check_target, write_text
from clampbench_scripts.common.path_args import path_arg
from clampbench_scripts.common.results import load_rows

PROG = "export.py"


@guarded(PROG)
def main(argv=None):
    p = CliParser(prog=PROG, description=exports.__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", type=path_arg("FILE"), help="clampbench results JSON")
    p.add_argument("--format", choices=sorted(exports.EXPORTERS), required=True)
    p.add_argument("-o", "--output", type=path_arg("-o/--output"), help="write here instead of stdout")
    args = p.parse_args(argv)
    check_target(args.output, [args.file])
    env, rows = load_rows(args.file)
    write_text(exports.render_export(args.format, env, rows), args.output)
    return 0
