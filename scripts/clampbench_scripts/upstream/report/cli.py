# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py report SITE (--vllm-version X | --vllm-src DIR): a hazard report for vLLM's
maintainers, as markdown: the lines involved, the smallest case that shows the finding, the
values before and after, the consequence computed by running vLLM's own functions from the
tree, which released models reach it, and the fix with its cost. Sites: static_sink.

Exit codes: 0 the report written (or, where the tree does not show the finding, a report
saying so); 2 bad usage, an unknown site or version, a tree without the site's code, an output
that cannot be written."""
from ...common.cli_parser import CliParser
from ...common.output import check_target, fail, write_text
from ...common.path_args import path_arg
from ..vllm_code import source
from ..vllm_code.extract import ExtractError

PROG = "upstream.py report"
REPORTS = ("static_sink",)


def build_parser():
    p = CliParser(prog=PROG, description=__doc__.split("\n\n")[0])
    p.add_argument("site", metavar="SITE", help=f"the finding's site: {', '.join(REPORTS)}")
    tree = p.add_mutually_exclusive_group(required=True)
    tree.add_argument("--vllm-version", metavar="X", help="a vLLM release on PyPI (the wheel is cached)")
    tree.add_argument("--vllm-src", metavar="DIR", type=path_arg("--vllm-src"),
                      help="a vLLM checkout, an unpacked wheel or a vllm-*.whl")
    p.add_argument("--out", metavar="FILE", type=path_arg("--out"), help="write the report here (atomically)")
    return p


def static_sink_report(release, command):
    from .sink_case import PROMPT_LEN, SinkSteps
    from .sink_lines import sink_lines
    from .sink_markdown import render
    steps = SinkSteps(release)
    one = steps.step(1, PROMPT_LEN - 10)
    window = steps.step(1, PROMPT_LEN - 20)
    two = steps.step(2, PROMPT_LEN - 20)
    if one.released.seq_len_after == one.seq_len:
        return (f"# StaticSinkAttentionBuilder.build ({release.label})\n\nThe build leaves the runner's "
                f"`seq_lens` as it was ({one.seq_len}): this tree does not show the finding.\n")
    return render(release.label, command, sink_lines(release), one, window, two)


def main(argv):
    args = build_parser().parse_args(argv)
    if args.site not in REPORTS:
        return fail(PROG, f"no report for site {args.site!r}: the sites with one are {', '.join(REPORTS)}")
    check_target(args.out)
    from ..branches.run import open_tree  # imports torch: after argument errors, which need none
    spec = args.vllm_version or args.vllm_src
    try:
        release = open_tree(spec)
    except source.SourceError as exc:
        return fail(PROG, str(exc))
    tree = f"--vllm-version {args.vllm_version}" if args.vllm_version else f"--vllm-src {args.vllm_src}"
    try:
        text = static_sink_report(release, f"$PY scripts/upstream.py report {args.site} {tree}")
    except ExtractError as exc:
        return fail(PROG, f"{release.label}: {exc}")
    write_text(text, args.out)
    return 0
