# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The ports against vLLM's own released code: for every quick case, each port variant against
the releases its site pairs it with (Site.pairing: `clamp` and `fused` vllm 0.25.0 and `clamp_`
0.27.0 where pull request #48143 changed the site; `clamp_` both where the site is in place in
both, its `clamp` and `fused` counterfactuals), run under PyTorch on the dumped inputs; every
output and every input after the call must be bitwise equal (a counterfactual's inputs after
differ exactly where vLLM's call wrote). Then what real PyTorch allocates: the clamp -> clamp_
saving counted in vLLM's code must be the ledger's, where vLLM had the out-of-place clamp."""
import functools
import json

import pytest

from upstream_testing import upstream_state
from clampbench_scripts.upstream import dump
from clampbench_scripts.upstream.sites import check
from clampbench_scripts.upstream.sites.model import IN_PLACE_IN_BOTH, form_of
from clampbench_scripts.upstream.sites.registry import SITES
from clampbench_scripts.upstream.vllm_code import adapt
from clampbench_scripts.upstream.vllm_code.source import AFTER_PR, BEFORE_PR


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
    site = SITES[case["suite"]]
    releases, dump_dir = upstream_state()[0][:2]
    counterfactual = site.counterfactual(variant["name"])
    versions = (BEFORE_PR, AFTER_PR) if counterfactual else site.held_to(variant["name"])
    assert versions, f"{variant['name']} is in no pairing of {case['suite']}"
    for version in versions:
        check_one = check_counterfactual if counterfactual else check.check_variant
        outcome, diffs = check_one(releases[version], site, dump_dir, case, variant, runner(version, case["suite"]))
        if diffs:
            pytest.fail(f"{case['case_id']} [{variant['name']}] differs from vllm {version} "
                        f"({site.vllm_file}):\n  " + "\n  ".join(diffs), pytrace=False)


def test_a_counterfactual_differs_where_the_table_holds_minus_one():
    """A site in place in both releases (Site.pairing IN_PLACE_IN_BOTH): its counterfactual
    variants leave the table's -1 entries that vLLM's clamp_ rewrites, in every release, and
    nothing else; with no -1 entry, every input after the call equals vLLM's."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    dump_dir, manifest = state[1], state[2]
    cases = [c for c in manifest["cases"] if c["suite"] in SITES and SITES[c["suite"]].pairing is IN_PLACE_IN_BOTH
             and not SITES[c["suite"]].runs_counterfactual]  # static_sink: test_sink_site.py
    assert cases, "no quick case of a site in place in both releases"
    with_holes = 0
    for case in cases:
        site = SITES[case["suite"]]
        holes = any(bool((dump.load_tensor(dump_dir, e) < 0).any()) for e in case["inputs"]
                    if e["name"] == "block_table_base")
        with_holes += holes
        for version in (BEFORE_PR, AFTER_PR):
            outcome = run_release(version, case)
            for variant in case["variants"]:
                if site.counterfactual(variant["name"]):
                    assert changed_inputs(dump_dir, variant, outcome) == (
                        ["block_table", "block_table_base"] if holes else []), (case["case_id"], version)
    assert 0 < with_holes < len(cases)


def check_counterfactual(release, site, dump_dir, case, variant, runner=None):
    """(Outcome, [differences]) of a counterfactual `variant` against `release`: its outputs
    must equal vLLM's, and its inputs after the call differ from vLLM's in exactly the inputs
    vLLM's call changed and the variant did not (what the in-place form writes). A site whose
    runner wires vLLM's code as the counterfactual (Site.runs_counterfactual) is held to that
    run bitwise, outputs and inputs after alike."""
    if site.runs_counterfactual:
        outcome = check.run_site(release, site, dump_dir, case, runner, counterfactual=True)
        return outcome, dump.differences(dump_dir, variant, outcome.outputs, outcome.inputs_after, site.compares)
    outcome = check.run_site(release, site, dump_dir, case, runner)
    found = dump.differences(dump_dir, {**variant, "inputs_after": []}, outcome.outputs, {}, site.compares)
    for entry in variant["inputs_after"]:
        name = entry["name"]
        if site.compares is not None and name not in site.compares:
            continue
        port_after = dump.load_tensor(dump_dir, entry)
        vllm_wrote = dump.difference("", outcome.inputs_after[name], outcome.inputs_before[name]) is not None
        port_kept = dump.difference("", port_after, outcome.inputs_before[name]) is None
        differs = dump.difference("", outcome.inputs_after[name], port_after) is not None
        if differs and not (vllm_wrote and port_kept):
            found.append(f"input {name} after the call: differs from vLLM's, which did not write it alone")
        elif not differs and vllm_wrote and port_kept:
            found.append(f"input {name} after the call: vLLM's call changed it, the variant did not, "
                         f"yet they are equal")
    return outcome, found


def changed_inputs(dump_dir, variant, outcome):
    """The inputs whose value after vLLM's call differs from the port variant's."""
    return sorted(e["name"] for e in variant["inputs_after"]
                  if dump.difference("", outcome.inputs_after[e["name"]], dump.load_tensor(dump_dir, e)))


# Sites in place in every release whose counterfactual allocates what the in-place form does:
# static_sink's `seq_lens + sink_len` is a temporary either way, copied back or into its buffer.
IN_PLACE_SAVES_NOTHING = {"static_sink"}


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


# What 0.27.0 rewrote beyond its clamp lines, in allocations per call (0.25.0 minus 0.27.0): a
# suite's entry maps the case's params to (allocations, why). The ports' clamp_ spells each as
# 0.27.0 does, so the ledger's saving is the release's: the clamp lines' plus these.
REWRITES_BEYOND_THE_CLAMP = {
    "mamba_prefix_caching": lambda p: (-1, "0.27.0's torch.div block indices: one more than 0.25.0's cdiv"),
    "mla_chunked_context": lambda p: (
        (-2, "0.27.0 adds has_empty_context = torch.any(chunk_seq_lens == 0, dim=1)") if p["L"] > 0 else
        (2, "no context: 0.27.0 returns None after the max; 0.25.0 also counts (context_lens > 0).sum()")),
}


def rewrites_beyond_the_clamp(case):
    return REWRITES_BEYOND_THE_CLAMP.get(case["suite"], lambda p: (0, "no other change"))(case["params"])


def test_clamp_saving_in_pytorch_equals_the_ledgers(case):
    """TorchDispatchMode counts the tensors vLLM's code allocates (adapt.AllocationCounter):
    the out-of-place clamps 0.25.0 runs are what 0.27.0 no longer allocates, and exactly what
    the ledger says clamp_ saves on this case (with 0.27.0's other rewrites, which the port's
    clamp_ spells: REWRITES_BEYOND_THE_CLAMP); a site in place in both releases allocates
    nothing on its clamp lines in either (the clamp that saving is measured against is a
    counterfactual, in no release)."""
    releases = upstream_state()[0][0]
    site = SITES[case["suite"]]
    counts = {}
    for version in (BEFORE_PR, AFTER_PR):
        filename, calls = site.clamp_lines(releases[version])
        counts[version] = len(run_release(version, case).clamp_allocations_at(filename, calls))
    assert counts[AFTER_PR] == 0, "0.27.0's clamp_ lines allocate nothing"
    saved_by_clamp_line = counts[BEFORE_PR]
    if not site.clamp_saving_in_vllm:
        saves = 0 if case["suite"] in IN_PLACE_SAVES_NOTHING else 1
        assert saved_by_clamp_line == 0 and min(ledger_saving(case), 1) == saves, (case["case_id"], saved_by_clamp_line)
        return
    assert saved_by_clamp_line + rewrites_beyond_the_clamp(case)[0] == ledger_saving(case), (
        f"{case['case_id']}: vLLM's clamps allocate {saved_by_clamp_line} tensors per call, "
        f"the ledger says clamp_ saves {ledger_saving(case)}")


def test_release_to_release_allocations(case):
    """All of vLLM's allocations per call, 0.25.0 against 0.27.0, are the ledger's clamp_
    saving (where vLLM had the out-of-place clamp): the port spells what the release rewrote
    elsewhere too (REWRITES_BEYOND_THE_CLAMP)."""
    before, after = run_release(BEFORE_PR, case), run_release(AFTER_PR, case)
    saving = ledger_saving(case) if SITES[case["suite"]].clamp_saving_in_vllm else 0
    assert len(before.allocations) - len(after.allocations) == saving, rewrites_beyond_the_clamp(case)[1]


# Sites whose vLLM call allocates no tensor in either release (numpy request index copied
# into the builder's buffer, the table clamped in place).
ALLOCATION_FREE = {"compressor_block_table"}


def test_allocation_free_sites():
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    cases = [c for c in state[2]["cases"] if c["suite"] in ALLOCATION_FREE]
    assert {c["suite"] for c in cases} == ALLOCATION_FREE
    for case in cases:
        for version in (BEFORE_PR, AFTER_PR):
            assert run_release(version, case).allocations == [], (case["case_id"], version)


def test_release_forms():
    """Each site's form in 0.25.0 and 0.27.0 is its pairing's: out of place where `clamp` is
    held to the release, in place where `clamp_` is (0.25.0 has every site #48143 changed out
    of place, 0.27.0 every site in place)."""
    state, reason = upstream_state()
    if state is None:
        pytest.skip(reason)
    releases = state[0]
    for version in (BEFORE_PR, AFTER_PR):
        for suite, site in SITES.items():
            _, calls = site.clamp_lines(releases[version])
            assert form_of(calls) == site.form_in(version), f"vllm {version} {suite}: {calls}"


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
