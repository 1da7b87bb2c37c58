# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The ports against vLLM's own released code: for every quick case, the port's `clamp`
(and `fused`) against vllm 0.25.0, its `clamp_` against vllm 0.27.0, run under PyTorch on the
dumped inputs; every output and every input after the call must be bitwise equal. Then what
real PyTorch allocates: the clamp -> clamp_ saving counted in vLLM's code must be the ledger's."""
import functools
import json

import pytest

from upstream_testing import upstream_state
from clampbench_scripts.upstream import adapt, check
from clampbench_scripts.upstream.site import FORM_CLAMP, FORM_CLAMP_, form_of
from clampbench_scripts.upstream.sites import SITES
from clampbench_scripts.upstream.source import AFTER_PR, BEFORE_PR


@functools.lru_cache(maxsize=None)
def runner(version, suite):
    releases = upstream_state()[0][0]
    return SITES[suite].bind(releases[version])


def run_release(version, case):
    releases, dump_dir = upstream_state()[0][:2]
    return check.run_site(releases[version], SITES[case["suite"]], dump_dir, case,
                          runner(version, case["suite"]))


def test_port_is_bitwise_vllm(pair):
    case, variant = pair
    version = check.RELEASE_OF_VARIANT[variant["name"]]
    releases, dump_dir = upstream_state()[0][:2]
    outcome, diffs = check.check_variant(releases[version], SITES[case["suite"]], dump_dir, case, variant,
                                         runner(version, case["suite"]))
    if diffs:
        pytest.fail(f"{case['case_id']} [{variant['name']}] differs from vllm {version} "
                    f"({SITES[case['suite']].vllm_file}):\n  " + "\n  ".join(diffs), pytrace=False)


def ledger_saving(case):
    """clamp_'s allocations saved against clamp per call, from the ledger (results JSON)."""
    results = upstream_state()[0][3]
    if results is None:
        pytest.skip("CLAMPBENCH_DUMP given: no results file with the ledger's counts")
    with open(results) as f:
        doc = json.load(f)
    by_id = {c["case_id"]: c for c in doc["cases"]}
    variants = {v["name"]: v for v in by_id[case["case_id"]]["variants"]}
    return variants["clamp_"]["saved_vs_reference"]["allocations"]


def test_clamp_saving_in_pytorch_equals_the_ledgers(case):
    """TorchDispatchMode counts the tensors vLLM's code allocates (adapt.AllocationCounter):
    the out-of-place clamps 0.25.0 runs are what 0.27.0 no longer allocates, and exactly what
    the ledger says clamp_ saves on this case."""
    releases = upstream_state()[0][0]
    site = SITES[case["suite"]]
    counts = {}
    for version in (BEFORE_PR, AFTER_PR):
        filename, calls = site.clamp_lines(releases[version])
        counts[version] = len(run_release(version, case).clamp_allocations_at(filename, calls))
    assert counts[AFTER_PR] == 0, "0.27.0's clamp_ lines allocate nothing"
    saved_by_clamp_line = counts[BEFORE_PR]
    assert saved_by_clamp_line == ledger_saving(case), (
        f"{case['case_id']}: vLLM's clamps allocate {saved_by_clamp_line} tensors per call, "
        f"the ledger says clamp_ saves {ledger_saving(case)}")


# What a release changed beyond the clamp lines, in allocations per call (0.25.0 minus 0.27.0,
# less the clamp saving): checked per case, so a new rewrite in either release shows up here.
# A suite's entry maps the case's params to (allocations, why).
REWRITES_BEYOND_THE_CLAMP = {
    "mamba_prefix_caching": lambda p: (-1, "0.27.0 spells cdiv(x, B) - 1 as torch.div(x + B - 1, B, "
                                           "rounding_mode='floor') - 1: +1 for last_computed and "
                                           "last_scheduled each (x + B - 1 is two adds), -1 for first_scheduled"),
    "mla_chunked_context": lambda p: (
        (-2, "0.27.0 adds has_empty_context = torch.any(chunk_seq_lens == 0, dim=1)") if p["L"] > 0 else
        (2, "no context: 0.27.0 returns None after the max; 0.25.0 also counts (context_lens > 0).sum()")),
}


def test_release_to_release_allocations(case):
    """All of vLLM's allocations per call, 0.25.0 against 0.27.0: the clamp saving plus what
    the release rewrote elsewhere (REWRITES_BEYOND_THE_CLAMP), which the ports do not model."""
    before, after = run_release(BEFORE_PR, case), run_release(AFTER_PR, case)
    extra, why = REWRITES_BEYOND_THE_CLAMP.get(case["suite"], lambda p: (0, "no other change"))(case["params"])
    assert len(before.allocations) - len(after.allocations) == ledger_saving(case) + extra, why


def test_release_forms():
    """vllm 0.25.0 has every site out of place, 0.27.0 every site in place."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    releases = state[0]
    for version, form in ((BEFORE_PR, FORM_CLAMP), (AFTER_PR, FORM_CLAMP_)):
        for suite, site in SITES.items():
            _, calls = site.clamp_lines(releases[version])
            assert form_of(calls) == form, f"vllm {version} {suite}: {calls}"


def test_every_site_is_a_suite():
    """A site names a suite the binary runs; a suite without a site is reported (its cases
    skip with "no upstream site"), so a new suite builds and passes before its site exists."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    suites = {c["suite"] for c in state[2]["cases"]}
    assert set(SITES) <= suites, sorted(set(SITES) - suites)
    for suite in sorted(suites - set(SITES)):
        print(f"no upstream site for suite {suite}")


def test_only_declared_adaptations_were_used():
    """Runs last in this file: every torch 1.13 adaptation used is a declared one."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    for version, release in state[0].items():
        assert release.adaptations_used <= set(adapt.ADAPTATIONS), (version, release.adaptations_used)
        print(f"vllm {version}: adapted {sorted(release.adaptations_used)}")
