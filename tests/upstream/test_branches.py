# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py compare: vllm 0.25.0 against 0.27.0 on the quick set's dump, as two results
files that validate against results/schema-v1.json and that compare.py and the dashboard read:
each site's saving exactly (the ledger's clamp_ saving, which spells 0.27.0's other rewrites), the
sparse-MLA table rewrite as a latent write and mutation of the head, the same findings the
port's clamp_ has against its clamp, interleaved CPU time; a tree against itself is no
regression."""
import json
import subprocess
import sys

import jsonschema
import pytest

from upstream_testing import ROOT, upstream_state
from clampbench_scripts.common import findings
from clampbench_scripts.upstream.sites.registry import SITES
from clampbench_scripts.upstream.vllm_code.source import BEFORE_PR

# What each site allocates per call on the quick set, 0.25.0 -> 0.27.0 (upstream.py compare's
# stdout; docs/upstream.md quotes it): a range where the cases differ.
ALLOCATIONS_PER_CALL = {
    "mamba_prefix_caching": ("12", "11"), "mamba_fallback": ("5", "4"), "mamba_block_table": ("7", "6"),
    "ngram_find": ("41..89", "39..84"), "ngram_propose": ("16", "15"), "ngram_update": ("15", "13"),
    "mla_chunked_context": ("3..46", "1..46"), "rocm_aiter_fa_chunks": ("15", "14"),
    "step3p5_slot_mapping": ("16..28", "14..24"), "sparse_mla_slot_mapping": ("1", "0"),  # GPU tensors only: the split's CPU ones are not
    "compressor_block_table": ("0", "0"),  # numpy request index, clamp_ in both releases
    "sparse_mla_step": ("9", "7"),  # indexer, C4A and C128A: two sparse-MLA clamps per step
    "static_sink": ("2..4", "2..4"),  # add and eq per KV-cache group (G 1 or 2), in place in both
}


def script(name, *args):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / name), *map(str, args)],
                          capture_output=True, text=True, cwd=ROOT, timeout=900)


def state():
    found, reason = upstream_state()
    if found is None:
        pytest.skip(reason)
    return found


@pytest.fixture(scope="module")
def compared(tmp_path_factory):
    """(stdout, base doc, head doc, paths) of 0.25.0 vs 0.27.0, timed briefly."""
    dump_dir = state()[1]
    out = tmp_path_factory.mktemp("compare")
    proc = script("upstream.py", "compare", "--base", "0.25.0", "--head", "0.27.0", "--dump", dump_dir,
                  "--min-samples", 3, "--timeout-s", 0.05, "--out-base", out / "base.json",
                  "--out-head", out / "head.json")
    assert proc.returncode == 0, proc.stderr
    docs = [json.loads((out / n).read_text()) for n in ("base.json", "head.json")]
    return proc.stdout, docs[0], docs[1], (out / "base.json", out / "head.json")


def rows(doc):
    return {c["case_id"]: c["variants"][0] for c in doc["cases"]}


def port_results():
    results = state()[3]
    if results is None:
        pytest.skip("CLAMPBENCH_DUMP given: no results file with the ledger's figures")
    return {c["case_id"]: {v["name"]: v for v in c["variants"]} for c in json.loads(results.read_text())["cases"]}


def test_both_files_validate_against_the_schema(compared):
    schema = json.loads((ROOT / "results" / "schema-v1.json").read_text())
    for doc in compared[1:3]:
        jsonschema.validate(doc, schema)
    base, head = compared[1]["environment"], compared[2]["environment"]
    assert (base["vllm"]["side"], base["git_commit"]) == ("base", "0.25.0")
    assert (head["vllm"]["side"], head["git_commit"]) == ("head", "0.27.0")
    assert base["time"] < head["time"], "a history of the two lists the base first"


def test_each_sites_saving_exactly(compared):
    """Per case: what 0.25.0 allocates less what 0.27.0 does is the ledger's clamp_ saving
    (the port's clamp_ spells what 0.27.0 rewrote beyond the clamp lines too)."""
    # A suite without an upstream site yet has no vLLM code to compare: compare leaves it out.
    port, manifest = port_results(), {c["case_id"]: c for c in state()[2]["cases"] if c["suite"] in SITES}
    head = rows(compared[2])
    assert set(head) == set(manifest)
    for case_id, row in head.items():
        ledger = port[case_id]["clamp_"]["saved_vs_reference"]["allocations"]
        if not SITES[manifest[case_id]["suite"]].clamp_saving_in_vllm:  # clamp_ in both: the clamp is in neither
            ledger = 0
        assert row["saved_vs_reference"]["allocations"] == ledger, case_id
    allocations = compared[0].split("\n\n")[0]  # the host cost table follows a blank line
    lines = {line.split()[0]: line.split()[1:4] for line in allocations.splitlines()[3:]}
    assert {s: (v[0], v[2]) for s, v in lines.items()} == ALLOCATIONS_PER_CALL, compared[0]


def test_head_findings_are_the_ports_clamp_findings(compared):
    """0.27.0 against 0.25.0 finds what the port's clamp_ finds against its clamp: the
    sparse-MLA table rewrite (a latent clamp_ on block_table in every case, the mutation where
    it holds -1, the C128A outputs at ratio 128 with holes) and the compressor's (a latent
    clamp_, the mutation where the table holds -1), nothing anywhere else. The base finds the
    compressor's too (its clamp_ is in 0.25.0 already), and nothing else."""
    port, manifest = port_results(), {c["case_id"]: c for c in state()[2]["cases"]}

    def found(variant):  # order-dependent writes are vLLM's own on both sides: not looked for
        return {k: n for k, n in findings.of_variant(variant)["set"].items() if k[0] != "order_dependent_write"}

    def port_found(case_id):
        got = found(port[case_id]["clamp_"])
        if SITES[manifest[case_id]["suite"]].runs_counterfactual:  # static_sink: clamp_ differs from its
            # counterfactual in outputs (with two KV-cache groups, each group's raised lengths) that two
            # releases, both in place, cannot show; their verdict is the mutation
            got = {k: n for k, n in got.items() if k[0] != "output"}
        return got

    def port_verdict(case_id):
        return "mutation" if SITES[manifest[case_id]["suite"]].runs_counterfactual else port[case_id]["clamp_"]["verdict"]
    for case_id, row in rows(compared[2]).items():
        assert found(row) == port_found(case_id), case_id
        if case_id.startswith(("sparse_mla_slot_mapping/", "sparse_mla_step/", "compressor_block_table/")):
            assert [(w["buffer"], w["op"]) for w in row["latent_writes"]["findings"]] == [("block_table", "clamp_")]
    for case_id, row in rows(compared[1]).items():
        in_place_before = BEFORE_PR in SITES[manifest[case_id]["suite"]].held_to("clamp_")
        assert row["verdict"] == (port_verdict(case_id) if in_place_before else "same"), case_id
        assert found(row) == (port_found(case_id) if in_place_before else {}), case_id
        assert bool(row["latent_writes"]["findings"]) == in_place_before, case_id
    assert compared[1]["outcome"]["status"] == "unexpected" and compared[2]["outcome"]["status"] == "unexpected"


def test_cpu_time_interleaved(compared):
    base, head = rows(compared[1]), rows(compared[2])
    for case_id, row in head.items():
        for timing in (row["timing"], base[case_id]["timing"]):
            assert timing["primary"] == "cpu" and len(timing["cpu"]["samples"]) == timing["repetitions"] >= 2
        assert row["timing"]["rounds"] == base[case_id]["timing"]["rounds"], "sampled in the same rounds"


def test_compare_py_gates_the_pair(compared):
    """Exit 1: the head rewrites the shared table (verdicts: the sparse-MLA rows and the step's)
    and costs the host more (host_cost: mamba_prefix_caching's torch.div, MLA's other edits);
    the savings are BETTER rows; the compressor's rows, in place on both sides, are SAME."""
    proc = script("compare.py", *compared[3], "--format", "json")
    assert proc.returncode == 1, proc.stderr
    result = json.loads(proc.stdout)
    calls = {r["case_id"]: r for r in result["rows"]}
    assert len(calls) == len(rows(compared[2]))
    for case_id, entry in calls.items():
        saved = rows(compared[2])[case_id]["saved_vs_reference"]["allocations"]
        assert entry["allocations"]["allocations"]["call"] == ("BETTER" if saved > 0 else "WORSE" if saved < 0
                                                                else "SAME"), case_id
        assert ("verdicts" in entry["regressions"]) == case_id.startswith(("sparse_mla_slot_mapping/",
                                                                            "sparse_mla_step/")), case_id
        if case_id.startswith("compressor_block_table/"):  # the same rewrite on both sides, 0 -> 0
            assert not entry["regressions"] and entry["allocations"]["allocations"]["call"] == "SAME", entry
        if case_id.startswith("mamba_prefix_caching/"):  # 0.27.0's torch.div: one more op and launch
            assert entry["regressions"] == ["host_cost"], entry["regressions"]
            assert entry["host_cost"]["figures"]["ops"]["delta"] == 1, entry["host_cost"]
    regressed = sorted(c for c, e in calls.items() if e["regressions"])
    assert len(regressed) == 23 and "mla_chunked_context/P=4,L=32768,D=1,I=1" in regressed, regressed


def test_the_comment_leads_with_the_sparse_mla_hazard(compared):
    """The pull-request comment's first screen (30 lines): the verdict, the sparse-MLA table
    rewrite with the vLLM line that makes it, and the command that shows it again; no column for
    instructions, which neither side counted."""
    proc = script("compare.py", *compared[3], "--format", "md")
    assert proc.returncode == 1, proc.stderr
    first = "\n".join(proc.stdout.splitlines()[:30])
    assert first.startswith("## clampbench compare: REGRESSION")
    assert "sparse_mla_slot_mapping `vllm` writes into the runner's `block_table` in place with `clamp_`" in first
    assert "(written at vllm/" in first and ".py:" in first
    assert "repro (every line above): `scripts/upstream.py compare --base 0.25.0 --head 0.27.0" in first
    assert "instructions: not measured" in first and "instructions/call" not in proc.stdout


def test_the_dashboard_reads_the_pair(compared, tmp_path):
    for path in compared[3]:
        assert script("history.py", "add", path, "--dir", tmp_path / "history").returncode == 0
    proc = script("report.py", tmp_path / "history", "-o", tmp_path / "site")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "site" / "index.html").exists()
