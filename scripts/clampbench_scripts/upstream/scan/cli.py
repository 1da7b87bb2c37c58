# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py scan: every in-place tensor write in a vLLM tree's metadata builders, proposers
and speculators (and the functions they call) whose tensor comes from the common attention
metadata, a caller's argument or the object's persistent state; whether it is a hazard (the
tensor written is memory another reader holds), unknown or into a fresh tensor, hazards
listed first; with the clampbench suite covering it and, with --since, whether it is new.

Exit codes: 0 listed; 1 with --strict, a listed hazard has neither a suite nor a stated reason
(reasons.py; one line each on stderr, after the list); 2 bad usage, an unknown version, no vLLM
tree or an --out that cannot be written; 3 an I/O error while writing; 5 a file in scope does not
parse (one line each on stderr; every other file is still scanned and listed)."""
import sys
from pathlib import Path

from ...common.cli_parser import CliParser
from ...common.output import check_target, fail, json_text, write_text
from ...common.path_args import path_arg
from ..vllm_code import source
from ..vllm_code.release import Release
from . import since, tree_scan
from .dataflow import CLASSES, FRESH, HAZARD, UNKNOWN

PROG = "upstream.py" + " scan"
EXIT_UNPARSEABLE = 5
ORIGINS = ("cm", "argument", "self")


def build_parser():
    p = CliParser(prog=PROG, description=__doc__.split("\n\n")[0])
    tree = p.add_mutually_exclusive_group(required=True)
    tree.add_argument("--vllm-version", metavar="X", help="a vLLM release on PyPI (the wheel is cached)")
    tree.add_argument("--vllm-src", metavar="DIR", type=path_arg("--vllm-src"), help="a vLLM checkout or unpacked wheel")
    p.add_argument("--since", metavar="X", type=path_arg("--since"), help="mark what is new since this release (a version, or a "
                   "directory holding a vLLM tree)")
    p.add_argument("--origin", action="append", choices=ORIGINS,
                   help="list only writes whose tensor comes from here (repeatable; default all): the "
                        "common attention metadata, a caller's argument, the object's own state")
    p.add_argument("--class", dest="classes", action="append", choices=CLASSES,
                   help="list only writes of this class (repeatable; default all, hazards first): "
                        "hazard, the tensor written is the origin's own memory (a view of it "
                        "included); unknown, it came out of a call that may return its input; "
                        "fresh, it was computed in the function")
    p.add_argument("--format", choices=("text", "md", "json"), default="text")
    p.add_argument("--strict", action="store_true",
                   help="exit 1 when a listed hazard has neither a suite nor a stated reason (the nightly "
                        "vLLM job's check that every new hazard is answered)")
    p.add_argument("--out", metavar="FILE", type=path_arg("--out"), help="write the list here (atomically) instead of stdout")
    return p


def open_source(version=None, directory=None):
    if directory is not None:
        return source.DirSource(Path(directory))
    if Path(version).is_dir():
        return source.DirSource(Path(version))
    return source.open_release(version)


def scan_source(src, sites):
    modules, problems = tree_scan.parse_tree(src)
    return tree_scan.scan(Release(src), sites, modules), problems, set(src.python_files())


HEADINGS = {HAZARD: "hazards: the tensor written is memory another reader holds (the origin's own, "
                    "or a view of it)",
            UNKNOWN: "unknown: the tensor came out of a call that may return its input (read that call)",
            FRESH: "fresh: the tensor was computed in the function; no other reader holds it"}


def counts(findings):
    return {c: sum(f.write_class == c for f in findings) for c in CLASSES}


def summary(label, findings):
    n = counts(findings)
    return (f"{label}: {len(findings)} in-place writes: {n[HAZARD]} hazards, {n[UNKNOWN]} unknown, "
            f"{n[FRESH]} fresh")


def _reach(f):
    return f"{f.reach} of {f.origin}" + (f" via {f.through}" if f.through else "")


def _answer(f):
    """The suite that covers F, else the reason none needs to, else 'no suite'."""
    return f.covered_by or (f"no suite: {f.reason}" if f.reason else "no suite")


def unanswered(findings):
    """The hazards with neither a suite nor a stated reason."""
    return [f for f in findings if f.write_class == HAZARD and not f.covered_by and not f.reason]


def as_text(label, findings):
    lines = [summary(label, findings)]
    for c in CLASSES:
        group = [f for f in findings if f.write_class == c]
        if group:
            lines.append(f"{HEADINGS[c]}:")
        for f in group:
            new = {True: "  NEW", False: "", None: ""}[f.new] + (f"  (was {f.moved_from})" if f.moved_from else "")
            lines.append(f"  {f.file}:{f.line}  {f.function}  {f.op} on {f.receiver}  "
                         f"[{_reach(f)}]  {_answer(f)}{new}")
    return "\n".join(lines) + "\n"


def as_markdown(label, findings):
    since = any(f.new is not None for f in findings)
    lines = [summary(label, findings), "",
             "| class | file:line | function | op | tensor | reach | origin | suite |" + (" new |" if since else ""),
             "|---|---|---|---|---|---|---|---|" + ("---|" if since else "")]
    for f in findings:
        new = (" yes |" if f.new else f" was `{f.moved_from}` |" if f.moved_from else " |") if since else ""
        reach = f.reach + (f" via `{f.through}`" if f.through else "")
        lines.append(f"| {f.write_class} | {f.file}:{f.line} | `{f.function}` | `{f.op}` | `{f.receiver}` | {reach} | "
                     f"`{f.origin}` | {f.covered_by or (f'- ({f.reason})' if f.reason else '-')} |{new}")
    return "\n".join(lines) + "\n"


def main(argv):
    args = build_parser().parse_args(argv)
    check_target(args.out)  # before the scan: an unwritable --out costs no work
    from ..sites.registry import REPORTED as SITES  # imports torch: after argument errors, which need none
    try:
        head = open_source(args.vllm_version, args.vllm_src)
        base = open_source(args.since) if args.since is not None else None
    except source.SourceError as exc:
        return fail(PROG, str(exc))
    findings, problems, head_files = scan_source(head, SITES)
    if base is not None:
        base_findings, base_problems, _ = scan_source(base, SITES)
        since.mark_new(findings, base_findings, head_files)
        problems += [(p, f"--since {args.since}: {line}") for p, line in base_problems]
    if args.origin:
        findings = [f for f in findings if f.origin.split(".")[0].split()[0] in args.origin]
    if args.classes:
        findings = [f for f in findings if f.write_class in args.classes]
    findings = tree_scan.by_class(findings)
    label = head.label + (f", new since {base.label}" if base is not None else "")
    if args.format == "json":
        text = json_text({"vllm": head.label, "since": base.label if base else None,
                           "counts": counts(findings), "findings": [f.as_json() for f in findings],
                           "unparseable": [line for _, line in problems]}, indent=2) + "\n"
    else:
        text = (as_markdown if args.format == "md" else as_text)(label, findings)
    write_text(text, args.out)  # an I/O error here is upstream.py's exit 3, one line
    for _, line in problems:
        print(f"{PROG}: {line}", file=sys.stderr)
    open_hazards = unanswered(findings) if args.strict else []
    for f in open_hazards:
        print(f"{PROG}: --strict: hazard with neither a suite nor a reason: {f.file}:{f.line} {f.function} "
              f"{f.op} on {f.receiver}", file=sys.stderr)
    if open_hazards:
        return 1
    return EXIT_UNPARSEABLE if problems else 0
