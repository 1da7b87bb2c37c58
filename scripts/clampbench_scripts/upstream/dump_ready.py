# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dump a command checks vLLM's code against: the tree the user named (`--dump DIR`),
checked, or a fresh quick run of the binary; either way one line and an exit code when it
cannot be had."""
import contextlib
import sys
import tempfile
from pathlib import Path

from ..common.output import fail
from . import dump
from .dump_files import DumpError, case_entries, check_tensor


def dump_problem(dump_dir: Path):
    """Why DIR is not a usable `clampbench run --dump` tree (one line), or None."""
    if not (dump_dir / "manifest.json").is_file():
        return f"{dump_dir}: no manifest.json (not a clampbench --dump tree)"
    try:
        files, entries = [], []
        for case in dump.load_manifest(dump_dir)["cases"]:
            if not all(isinstance(case.get(k), str) for k in ("case_id", "suite")) or "/" not in case["case_id"]:
                raise ValueError(f"a case without a suite/label case_id: {str(case)[:60]}")
            files += [entry["file"] for entry in case["inputs"]]
            entries += case_entries(case)
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        return f"{dump_dir}/manifest.json: not a clampbench dump manifest ({type(exc).__name__}: {exc})"
    missing = [f for f in files if not (dump_dir / f).is_file()]
    if missing:
        return f"{dump_dir}: {missing[0]} is missing ({len(missing)} dumped inputs in all)"
    # Every file, before any site runs: a spoiled one is this line, not numpy's traceback later.
    try:
        for entry, expected in entries:
            check_tensor(dump_dir, entry, expected)
    except DumpError as exc:
        return str(exc)
    except (KeyError, TypeError, AttributeError) as exc:  # an entry without "file", not a dict
        return f"{dump_dir}/manifest.json: not a clampbench dump manifest ({type(exc).__name__}: {exc})"
    return None


def ready_dump(prog, given, binary, work: Path, sizes="quick"):
    """(DIR, None) with a usable dump tree: GIVEN, or BINARY's SIZES set dumped under WORK;
    else (None, exit code) after one line on stderr: 3 when the binary's run failed, 2 for a
    tree that is not a dump."""
    try:
        dump_dir = Path(given) if given else dump.make_dump(binary, work, sizes)
    except (RuntimeError, OSError) as exc:
        print(f"{prog}: {exc}", file=sys.stderr)
        return None, 3
    problem = dump_problem(dump_dir)
    return (None, fail(prog, problem)) if problem else (dump_dir, None)


@contextlib.contextmanager
def dump_for(prog, given, binary, sizes="quick"):
    """ready_dump in a scratch directory that is removed on leaving: what every command that
    runs vLLM's code on the dumped inputs opens with.
        with dump_for(PROG, args.dump, args.binary) as (dump_dir, code):
            if dump_dir is None:
                return code"""
    with tempfile.TemporaryDirectory(prefix="clampbench-upstream-") as work:
        yield ready_dump(prog, given, binary, Path(work), sizes)
