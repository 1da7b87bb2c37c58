# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Sites a release rewrote into another layout (no clamp left; the port keeps the old one):
held to the last release whose layout the port has (vLLM 0.27.0) on the same dumped inputs,
through what both layouts say (Site.semantics: sites/layouts.py). Inputs after the call must
be equal bitwise too."""
from .. import dump
from ..sites import check
from ..vllm_code.source import AFTER_PR


def compare(release, previous, site, dump_dir, cases, runner):
    """(cases compared, cases agreeing, first difference or None) of `release` against
    `previous` through site.semantics."""
    prev_runner = site.bind(previous)
    compared = agreeing = 0
    first = None
    for case in cases:
        head = check.run_site(release, site, dump_dir, case, runner)
        base = check.run_site(previous, site, dump_dir, case, prev_runner)
        mine = site.semantics(head.outputs, head.inputs_before, case["params"])
        theirs = site.semantics(base.outputs, base.inputs_before, case["params"])
        diffs = [d for name in sorted(mine) for d in [dump.difference(name, theirs[name], mine[name])] if d]
        diffs += [d for name in sorted(head.inputs_after) for d in
                  [dump.difference(f"input {name} after the call", base.inputs_after[name],
                                   head.inputs_after[name])] if d]
        compared += 1
        if diffs:
            first = first or f"{case['case_id']}: {diffs[0]} (vLLM {AFTER_PR} vs this tree)"
        else:
            agreeing += 1
    return compared, agreeing, first
