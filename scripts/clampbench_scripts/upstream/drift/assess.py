# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Drift between a vLLM tree and the ports, per site: is the function there, which form has
it (clamp, clamp_, mixed, rewritten), and, where it still extracts and runs, does it agree
bitwise with the port on the dumped quick set (the report of it: report.py)."""
from dataclasses import dataclass, field
from typing import List, Optional

from .. import dump
from ..problems import EXIT_CANNOT_RUN, EXIT_DISAGREES, EXIT_MISSING, EXIT_UNPARSEABLE, PROBLEM_EXIT, one_line
from ..sites import check
from ..sites.model import FORM_CLAMP_, FORM_REWRITTEN, form_of
from ..vllm_code.extract import ExtractError
from ..vllm_code.source import AFTER_PR
from . import rewritten


@dataclass
class SiteStatus:
    suite: str
    file: str
    where: str
    site: Optional[str] = None  # the report's name of the site (the suite's, or its own)
    moved_to: Optional[str] = None  # the file the function is in now, where not `file`
    form: Optional[str] = None  # None when the code was not found
    clamp_lines: List[int] = field(default_factory=list)
    compared_with: Optional[str] = None  # the port variant its results were held to
    cases: int = 0
    agreeing: int = 0
    problem: Optional[str] = None  # a key of PROBLEM_EXIT
    detail: Optional[str] = None  # one line

    @property
    def exit_code(self):
        return PROBLEM_EXIT.get(self.problem, 0)


def assess(release, site, dump_dir, cases, previous=None) -> SiteStatus:
    """`previous`: a callable giving the Release a rewritten site is held to (vLLM 0.27.0)."""
    status = SiteStatus(site.suite, site.vllm_file, site.where, site.key)
    try:
        module, _ = site.locate(release)
        _, calls = site.clamp_lines(release)
    except ExtractError as exc:
        if site.optional and exc.kind == "missing":
            status.detail = "not in this release"
        else:
            status.problem, status.detail = exc.kind, one_line(exc)
        return status
    if module.relpath != site.vllm_file:
        status.moved_to = module.relpath
    status.form, status.clamp_lines = form_of(calls), [c[1] for c in calls]
    status.compared_with = "clamp_" if status.form == FORM_CLAMP_ else "clamp"
    mine = [c for c in cases if c["suite"] == site.suite]
    try:
        runner = site.bind(release)
        if status.form == FORM_REWRITTEN and site.semantics is not None and previous is not None:
            status.compared_with = f"vllm {AFTER_PR}"
            status.cases, status.agreeing, first = rewritten.compare(release, previous(), site, dump_dir,
                                                                     mine, runner)
            if first:
                status.problem, status.detail = "disagrees", first
            return status
        for case in mine:
            variant = next(v for v in case["variants"] if v["name"] == status.compared_with)
            _, diffs = check.check_variant(release, site, dump_dir, case, variant, runner)
            status.cases += 1
            if diffs:
                if status.problem is None:
                    status.problem, status.detail = "disagrees", f"{case['case_id']}: {diffs[0]}"
            else:
                status.agreeing += 1
    except Exception as exc:  # vLLM code that no longer runs on the stand-ins: report, go on
        status.problem, status.detail = "cannot_run", one_line(exc)
    return status


def assess_all(release, sites, dump_dir, previous=None):
    cases = dump.load_manifest(dump_dir)["cases"] if dump_dir else []
    return [assess(release, site, dump_dir, cases, previous) for site in sites.values()]


def exit_code(statuses):
    codes = {s.exit_code for s in statuses} - {0}
    order = (EXIT_DISAGREES, EXIT_UNPARSEABLE, EXIT_MISSING, EXIT_CANNOT_RUN)
    return next((c for c in order if c in codes), 0)
