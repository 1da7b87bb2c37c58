# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Two vLLM trees on the same dumped inputs, site by site: each side's own code run once per
case (counted and watched), the head's results against the base's, then both timed in
interleaved rounds. Gives each side's results cases and the problems that kept a site of a
side from running (a side's problem leaves that site's rows out of its file only)."""
from dataclasses import dataclass, field
from typing import List

from .. import dump
from ..problems import one_line
from . import checks, results, run, timing


@dataclass
class SideRows:
    release: object
    cases: List[dict] = field(default_factory=list)
    problems: List[tuple] = field(default_factory=list)  # (site, problem, one line)


def case_of(site, case, row):
    """The results case of `site` (the site is the suite) holding one side's row."""
    label = case["case_id"].split("/", 1)[1]
    return {"suite": site.key, "case_id": f"{site.key}/{label}", "device": "host",
            "params": dict(case["params"]), "variants": [row]}


def run_cases(release, site, runner, dump_dir, cases):
    """[Call] of the site on every case, or raise the first failure as one line."""
    return [run.run_once(release, site, runner, dump_dir, c) for c in cases]


def saved(base_call, head_call):
    base, head = base_call.allocations, head_call.allocations
    return {"allocations": len(base) - len(head),
            "bytes_requested": sum(e[3] for e in base) - sum(e[3] for e in head)}


def compare_site(site, sides, dump_dir, cases, timing_config):
    """Appends the site's rows to each of `sides` (base, head) that can run it."""
    runners, calls = [], []
    for side in sides:
        runner, problem = run.bind(side.release, site)
        if runner is not None:
            try:
                calls.append(run_cases(side.release, site, runner, dump_dir, cases))
            except Exception as exc:  # vLLM code that no longer runs on the stand-ins
                runner, problem = None, ("cannot_run", one_line(exc))
        if runner is None:
            calls.append(None)
            if problem:
                side.problems.append((site.key, *problem))
        runners.append(runner)
    if all(r is None for r in runners):
        return
    for i, case in enumerate(cases):
        timed = [j for j, r in enumerate(runners) if r is not None]
        timings = dict(zip(timed, timing.time_sides(
            [(site, runners[j], dump_dir, case) for j in timed], timing_config))) if timing_config else {}
        base_call = calls[0][i] if calls[0] is not None else None
        for j, side in enumerate(sides):
            if calls[j] is None:
                continue
            mine = calls[j][i]
            reference = base_call if base_call is not None else mine
            block = checks.checks(site, reference, mine, case)
            row = results.variant(mine, block, checks.verdict(block), timings.get(j),
                                  saved(base_call, mine) if j == 1 and base_call is not None else None)
            side.cases.append(case_of(site, case, row))


def compare_trees(base, head, sites, dump_dir, timing_config):
    """(SideRows of the base, SideRows of the head) over every site with cases in the dump."""
    all_cases = dump.load_manifest(dump_dir)["cases"]
    sides = (SideRows(base), SideRows(head))
    for site in sites.values():
        cases = [c for c in all_cases if c["suite"] == site.suite]
        if cases:
            compare_site(site, sides, dump_dir, cases, timing_config)
    return sides
