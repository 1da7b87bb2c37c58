# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The host cost of vLLM's own code (vllm_code/host_cost.py): pinned by hand on three sites
from their source lines; the ports' dumped host_cost against it, every listed difference
(sites/cost_differences.py) seen and nothing else; and `upstream.py compare` and
`upstream.py cost` reporting it."""
import copy
import json
import subprocess
import sys

import pytest

from upstream_testing import ROOT, upstream_state
from clampbench_scripts.upstream.sites import check, cost_compare
from clampbench_scripts.upstream.sites.cost_differences import KNOWN_COST_DIFFERENCES
from clampbench_scripts.upstream.sites.registry import SITES
from clampbench_scripts.upstream.vllm_code import source


def state():
    found, reason = upstream_state()
    if found is None:
        pytest.skip(reason)
    return found


def cost_of(suite, version, case_index=0):
    releases, dump_dir, manifest, _ = state()
    case = [c for c in manifest["cases"] if c["suite"] == suite][case_index]
    return case, check.run_site(releases[version], SITES[suite], dump_dir, case).host_cost


def test_static_sink_by_hand():
    # static_sink_attention.py:86-104 (0.25.0 and 0.27.0), per KV-cache group, seq_lens on the GPU:
    # :87 seq_lens + sink_len (add) stored by :86 `seq_lens[:] =` (copy_); :90 `== sink_len` (eq)
    # and the masked store :89 (index_put_ under torch 1.13, masked_fill_ under torch 2); :97 the
    # table store (copy_); max_seq_len (:92) and cdiv (:95) are Python ints. Each one kernel.
    for version in (source.BEFORE_PR, source.AFTER_PR):
        case, cost = cost_of("static_sink", version)
        g = case["params"]["G"]
        assert cost["by_op"] == {"add": g, "copy_": 2 * g, "eq": g, "masked_fill_": g}, version
        assert (cost["ops"], cost["launches"], cost["syncs"], cost["h2d_copies"], cost["d2h_copies"]) == \
            (5 * g, 5 * g, 0, 0, 0)


def test_mamba_block_table_by_hand():
    # utils.py:953-965 (0.25.0): (seq_lens - 1) sub, // block_size floor_divide, clamp(min=0);
    # arange(device=block_table.device) on the GPU; unsqueeze (a view); + offsets add;
    # .to(torch.int64) _to_copy; gather. Seven ops, seven kernels, no sync.
    _, cost = cost_of("mamba_block_table", source.BEFORE_PR)
    assert cost["by_op"] == {"_to_copy": 1, "add": 1, "arange": 1, "clamp": 1, "floor_divide": 1, "gather": 1,
                             "sub": 1}
    assert (cost["launches"], cost["syncs"], cost["views"]) == (7, 0, 2)
    _, after = cost_of("mamba_block_table", source.AFTER_PR)  # :956 clamp_ in place: the same count
    assert dict(after["by_op"], clamp=1, clamp_=0) == dict(cost["by_op"], clamp_=0)


def test_the_write_recorders_bookkeeping_is_not_vllms_cost():
    # `upstream.py compare` counts each call under a recorder of the writes into persistent
    # buffers; its copies and comparisons (clone, ne, sum, unique, item) must not show in the
    # host cost: the same call counted with and without it gives the same block.
    from clampbench_scripts.upstream.branches import run
    releases, dump_dir, manifest, _ = state()
    site = SITES["sparse_mla_step"]  # writes the persistent block table in place
    case = [c for c in manifest["cases"] if c["suite"] == "sparse_mla_step"][0]
    release = releases[source.AFTER_PR]
    recorded = run.run_once(release, site, site.bind(release), dump_dir, case)
    assert recorded.writes, "the case must make a latent write for the recorder to book"
    assert recorded.host_cost == check.run_site(release, site, dump_dir, case).host_cost


def test_a_gpu_sites_allocations_are_what_its_gpu_serves():
    # sparse_mla.py (0.27.0) at ratio 128 with decode and prefill tokens: :212 clamp_ in place and
    # the two Triton kernels allocate nothing on the GPU; split_decodes_and_prefills
    # (utils.py:606-634) makes five CPU tensors of query_start_loc_cpu (sub, gt, any, int,
    # argmax), which torch.cuda.memory_stats never sees: counted only without the residency test.
    from clampbench_scripts.upstream.vllm_code.adapt import AllocationCounter
    from clampbench_scripts.upstream.vllm_code.host_cost import HostCost
    from clampbench_scripts.upstream import dump
    releases, dump_dir, manifest, _ = state()
    release, site = releases[source.AFTER_PR], SITES["sparse_mla_slot_mapping"]
    case = next(c for c in manifest["cases"] if c["suite"] == "sparse_mla_slot_mapping" and c["params"]["ratio"] == 128
                and c["params"]["R"] == 8)
    assert check.run_site(release, site, dump_dir, case).allocations == []
    inputs, cost, everything = dump.load_inputs(dump_dir, case, site.views), HostCost(True), AllocationCounter()
    cost.mark(inputs.values())
    with release.costing(cost):
        site.bind(release)(case["params"], inputs, lambda: release.counting(everything))
    assert sorted(e[0] for e in everything.events) == ["_to_copy", "any", "argmax", "gt", "sub"]


def test_host_site_launches_and_syncs_nothing():
    # rocm_aiter_fa.py (0.25.0): AITER's chunk planning on computed_kv_lens, a host tensor in vLLM;
    # its two .item() calls read host memory: no launch, no sync, no copy.
    _, cost = cost_of("rocm_aiter_fa_chunks", source.BEFORE_PR)
    assert cost["by_op"]["_local_scalar_dense"] == 2
    assert (cost["launches"], cost["syncs"], cost["h2d_copies"], cost["d2h_copies"]) == (0, 0, 0, 0)


def port_differences():
    releases, dump_dir, manifest, _ = state()
    if not any("host_cost" in v for c in manifest["cases"] for v in c["variants"]):
        pytest.skip("the dump has no host_cost blocks (a clampbench built before host cost)")
    return cost_compare.compare_dump(releases, SITES, dump_dir, manifest)


@pytest.fixture(scope="module")
def found():
    return port_differences()


@pytest.mark.parametrize("site", sorted(SITES))
def test_port_host_cost_is_vllms_or_listed(found, site):
    unlisted, vanished = cost_compare.site_differences(site, found.get(site, {}), KNOWN_COST_DIFFERENCES)
    assert not unlisted, "\n".join(unlisted)
    assert not vanished, "\n".join(vanished)


def test_no_port_does_more_than_vllm():
    opened = [f"{s}: {d.category}: {d.reason}" for s, ds in KNOWN_COST_DIFFERENCES.items() for d in ds if d.open]
    assert not opened, "\n".join(opened)


def test_compare_and_cost_report_host_cost(tmp_path):
    _, dump_dir, _, _ = state()
    base, head = tmp_path / "base.json", tmp_path / "head.json"
    cmd = [sys.executable, str(ROOT / "scripts" / "upstream.py"), "compare", "--base", source.BEFORE_PR,
           "--head", source.AFTER_PR, "--dump", str(dump_dir), "--no-timing", "--out-base", str(base),
           "--out-head", str(head)]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "| mamba_prefix_caching | 2 | 12 -> 13 | 12 -> 13 | 0 |" in proc.stdout
    rows = {c["case_id"]: c["variants"][0]["host_cost"] for c in json.loads(head.read_text())["cases"]}
    fallback = next(v for k, v in rows.items() if k.startswith("mamba_fallback/"))
    assert fallback["by_op"] == {"clamp_": 1, "floor_divide": 1, "ge": 1, "sub": 1, "where": 1}
    table = subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "cost", "--dump", str(dump_dir)],
                           capture_output=True, text=True, cwd=ROOT)
    assert table.returncode == 0, table.stderr
    assert "| ngram_update | 2 | 16 | 16 | 0 | 0 | 0 | clamp -2, clamp_ +2, ge +1, ne -1 |" in table.stdout
    assert "static_sink" not in table.stdout  # in place in both releases: not a site #48143 changed


def test_cost_port_checks_every_call_against_its_release(tmp_path):
    """`upstream.py cost --port`: the check above as a command, on any dump (the nightly set's
    too); exit 1 on a difference the table does not list."""
    releases, dump_dir, manifest, _ = state()
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "cost", "--port", "--dump",
                           str(dump_dir)], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(SITES) and "sparse_mla_step: 12 calls, 0 differing: equal" in lines, lines
    assert "mla_chunked_context: 8 calls, 0 differing: equal" in lines, lines
    from clampbench_scripts.upstream.branches import port_cost
    from clampbench_scripts.upstream.sites.cost_differences import CostDifference
    step = {"cases": [c for c in manifest["cases"] if c["suite"] == "sparse_mla_step"]}
    # A listed difference no call shows fails ...
    listed = {"sparse_mla_step": [CostDifference("launches", None, "9", "17", "a difference that is gone")]}
    lines, failed = port_cost.check(releases, SITES, dump_dir, step, table=listed)
    assert failed and lines[0] == "sparse_mla_step: 12 calls, 0 differing: NOT AS LISTED", lines
    # ... and so does one the table does not list: one more launch in a port's block.
    spoiled = copy.deepcopy(step)
    spoiled["cases"][0]["variants"][1]["host_cost"]["launches"] += 1
    lines, failed = port_cost.check(releases, SITES, dump_dir, spoiled)
    assert failed and lines[0] == "sparse_mla_step: 12 calls, 1 differing: NOT AS LISTED", lines
    assert any("[clamp_ vs vllm 0.27.0]: launches: port 18, vLLM 17" in line for line in lines), lines
    refused = subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "cost", "--port", "--base",
                              "0.34.0", "--dump", str(dump_dir)], capture_output=True, text=True, cwd=ROOT)
    assert refused.returncode == 2 and "--port compares each port" in refused.stderr, refused.stderr


@pytest.mark.parametrize("spoil, says", [(None, "no manifest.json"), ("{", "not a clampbench dump manifest"),
                                         ('{"cases": [{"case_id": "s/R=1", "suite": "s", "inputs": [{"file": "x.npy"}]}]}',
                                          "x.npy is missing")])
def test_cost_refuses_a_tree_that_is_no_dump(tmp_path, spoil, says):
    state()  # the two releases are opened first: skipped where they cannot be
    if spoil is not None:
        (tmp_path / "manifest.json").write_text(spoil)
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "upstream.py"), "cost", "--dump", str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0], proc.stderr


def test_allocation_differences_compare_the_ledger_with_vllms_events():
    event = ("clamp", "torch.int32", (3, 4), 48, None)
    assert cost_compare.allocation_differences({"allocations": 1, "bytes_requested": 48}, [event]) == {}
    assert cost_compare.allocation_differences({"allocations": 0, "bytes_requested": 0}, [event]) == \
        {"allocations": (0, 1), "bytes": (0, 48)}
    # a dump from before the ledger block: not compared is a difference, never agreement
    assert cost_compare.allocation_differences(None, [event]) == {"allocations": (None, 1), "bytes": (None, 48)}
