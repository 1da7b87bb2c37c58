# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""export.py FILE --format gbench|bmf: one run as Google Benchmark JSON or Bencher Metric Format."""
import argparse

from clampbench_scripts import exports
from clampbench_scripts.output import fail, write_text
from clampbench_scripts.results import InputError, load_rows

PROG = "export.py"


def main(argv):
    p = argparse.ArgumentParser(prog=PROG, description=exports.__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", help="clampbench results JSON")
    p.add_argument("--format", choices=sorted(exports.EXPORTERS), required=True)
    p.add_argument("-o", "--output", help="write here instead of stdout")
    args = p.parse_args(argv)
    try:
        env, rows = load_rows(args.file)
    except InputError as e:
        return fail(PROG, str(e))
    write_text(exports.render_export(args.format, env, rows), args.output)
    return 0
