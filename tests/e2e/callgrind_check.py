# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What the end-to-end checks that count instructions under callgrind share: their command
line (--binary, --workdir) and CTest's skip (exit 77) where valgrind is not installed."""
import argparse
import os
import shutil

SKIP = 77


def prepare(description):
    """The parsed arguments with a fresh, empty --workdir; None where valgrind is missing."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--binary", required=True)
    ap.add_argument("--workdir", required=True)
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        print("SKIPPED: valgrind is not installed")
        return None
    shutil.rmtree(args.workdir, ignore_errors=True)
    os.makedirs(args.workdir)
    return args
