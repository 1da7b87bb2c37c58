# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The sparse_mla_step site's runner on steps made from the sparse-MLA suite's dumped cases (the
runner's table, batch and buffers, one copy per builder): vLLM's three builders on one
CommonAttentionMetadata, in both orders, in 0.25.0 and 0.27.0. Each sparse builder computes
what it computes alone; the second one hands on the first one's request index; the indexer
reads the table as the builders before it left it (0.27.0, C128A first: a -1 block reads as
block 0) and its decode block table is a view of the runner's table."""
import pytest

from upstream_testing import upstream_state
from clampbench_scripts.upstream import dump
from clampbench_scripts.upstream.sites import check
from clampbench_scripts.upstream.sites.sparse import SITES as SPARSE_SITES
from clampbench_scripts.upstream.sites.sparse_step import ORDERS, SITES
from clampbench_scripts.upstream.vllm_code.adapt import AllocationCounter
from clampbench_scripts.upstream.vllm_code.source import AFTER_PR, BEFORE_PR

STEP, SPARSE = SITES[0], SPARSE_SITES[0]
INDEXER_STORAGE_BLOCK = 64  # 256 // 4


def state():
    found, reason = upstream_state()
    if found is None:
        pytest.skip(reason)
    return found


def sparse_cases():
    """The sparse-MLA quick cases at ratio 128: their buffers serve both sparse builders."""
    cases = [c for c in state()[2]["cases"] if c["suite"] == "sparse_mla_slot_mapping" and c["params"]["ratio"] == 128]
    assert cases
    return cases


def step_inputs(case):
    """A step's inputs from a sparse-MLA case: each builder its own copies of the buffers."""
    base = dump.load_inputs(state()[1], case, SPARSE.views)
    inputs = {k: v.clone() for k, v in base.items() if k not in ("block_table", "compressed_slot_mapping")}
    inputs["block_table"] = inputs["block_table_base"][:base["block_table"].shape[0]]
    for builder in ("c4a_", "c128a_", "indexer_"):
        inputs[builder + "compressed_slot_mapping"] = base["compressed_slot_mapping"].clone()
    for builder in ("c4a_", "c128a_"):
        inputs[builder + "req_id_per_token_buffer"] = base["req_id_per_token_buffer"].clone()
    for buffer in ("indexer_decode_lens_buffer", "indexer_expanded_seq_lens_buffer"):  # the indexer's own
        inputs[buffer] = base["req_id_per_token_buffer"].clone()
    del inputs["req_id_per_token_buffer"]
    return inputs


def run_step(version, inputs, params):
    release = state()[0][version]
    counter = AllocationCounter()
    outputs = STEP.bind(release)(params, inputs, lambda: release.counting(counter))
    return outputs, counter.events


def run_alone(version, case, ratio):
    """sparse_mla_slot_mapping's site alone on the case, at `ratio`."""
    at_ratio = dict(case, params={**case["params"], "ratio": ratio})
    return check.run_site(state()[0][version], SPARSE, state()[1], at_ratio).outputs


@pytest.mark.parametrize("version", [BEFORE_PR, AFTER_PR])
def test_each_builder_computes_what_it_computes_alone(version):
    for case in sparse_cases():
        alone = {ratio: run_alone(version, case, ratio) for ratio in (4, 128)}
        for order in ORDERS:
            inputs = step_inputs(case)
            before = {k: v.clone() for k, v in inputs.items()}
            out, _ = run_step(version, inputs, {**case["params"], "order": order})
            where = (version, case["case_id"], order)
            written = out["req_id_per_token"].shape[0]  # num_actual_tokens
            for ratio in (4, 128):  # the metadata's slice, and the whole buffer after the call
                buffer = alone[ratio]["compressed_slot_mapping"]
                assert out[f"c{ratio}a_compressed_slot_mapping"].equal(buffer[:written]), (where, ratio)
                assert inputs[f"c{ratio}a_compressed_slot_mapping"].equal(buffer), (where, ratio)
            assert out["req_id_per_token"].equal(alone[4]["req_id_per_token"]), where
            for name in ("c128a_global_decode_topk_indices", "c128a_decode_topk_lens", "c128a_prefill_topk_indices"):
                assert (out[name] is None) == (alone[128][name] is None), (where, name)
                assert out[name] is None or out[name].equal(alone[128][name]), (where, name)
            # The first sparse builder fills its own buffer; the second is handed that slice.
            first, second = ("c128a_", "c4a_") if order == 1 else ("c4a_", "c128a_")
            assert inputs[second + "req_id_per_token_buffer"].equal(before[second + "req_id_per_token_buffer"]), where
            assert inputs[first + "req_id_per_token_buffer"][:written].equal(out["req_id_per_token"]), where
            # The table (the base's first R rows): rewritten where it held -1 by 0.27.0's clamp_,
            # untouched by 0.25.0's clamp.
            expected = before["block_table_base"].clone()
            rows = inputs["block_table"].shape[0]
            if version == AFTER_PR:
                expected[:rows].clamp_(min=0)
            assert inputs["block_table_base"].equal(expected), where


def with_hole(case):
    """The case's step inputs with a -1 in the block of a token that writes a compressed (ratio
    4) entry, and that token's index."""
    inputs = step_inputs(case)
    qsl, seq_lens = inputs["query_start_loc"].tolist(), inputs["seq_lens"].tolist()
    for req in range(len(seq_lens)):
        start = seq_lens[req] - (qsl[req + 1] - qsl[req])
        for i, pos in enumerate(range(start, seq_lens[req])):
            if (pos + 1) % 4 == 0:
                inputs["block_table_base"][req, pos // 256] = -1
                return inputs, qsl[req] + i, pos
    pytest.skip(f"{case['case_id']}: no token writes a compressed entry")


@pytest.mark.parametrize("version", [BEFORE_PR, AFTER_PR])
def test_the_indexer_reads_the_table_the_builders_before_it_left(version):
    """The indexer's slot for a token in a -1 block: -64 + offset (a negative slot, skipped) where
    it reads the runner's table, offset (block 0) after 0.27.0's C128A builder clamped it."""
    for case in sparse_cases():
        if case["params"]["R"] < 8:
            continue
        for order in ORDERS:
            inputs, token, pos = with_hole(case)
            out, _ = run_step(version, inputs, {**case["params"], "order": order})
            offset = pos // 4 % INDEXER_STORAGE_BLOCK
            clamped_first = version == AFTER_PR and order == 1
            expected = offset if clamped_first else offset - INDEXER_STORAGE_BLOCK
            assert int(out["indexer_compressed_slot_mapping"][token]) == expected, (version, case["case_id"], order)
            assert int(out["c4a_compressed_slot_mapping"][token]) == offset, (version, case["case_id"], order)


@pytest.mark.parametrize("version", [BEFORE_PR, AFTER_PR])
def test_the_indexer_decode_block_table_is_a_view_of_the_runners_table(version):
    """Its decode rows as the step leaves the table: -1 where the runner said so in 0.25.0,
    block 0 in 0.27.0 (a sparse builder after the indexer clamps the rows it will read)."""
    holes = 0
    for case in sparse_cases():
        for order in ORDERS:
            inputs = step_inputs(case)
            before = inputs["block_table"].clone()
            out, _ = run_step(version, inputs, {**case["params"], "order": order})
            table = out["indexer_decode_block_table"]
            assert table is not None, "every quick case starts with a decode"
            assert table.data_ptr() == inputs["block_table_base"].data_ptr()
            expected = before[:table.shape[0]]
            holes += bool((expected < 0).any())
            assert table.equal(expected.clamp(min=0) if version == AFTER_PR else expected), (case["case_id"], order)
    assert holes, "some decode row holds -1"


def test_two_out_of_place_clamps_per_step_in_0_25_0_none_in_0_27_0():
    releases = state()[0]
    case = sparse_cases()[0]
    for version, clamps in ((BEFORE_PR, 2), (AFTER_PR, 0)):
        filename, calls = STEP.clamp_lines(releases[version])
        _, events = run_step(version, step_inputs(case), {**case["params"], "order": 0})
        outcome = check.Outcome({}, {}, {}, events)
        assert len(outcome.clamp_allocations_at(filename, calls)) == clamps, version
