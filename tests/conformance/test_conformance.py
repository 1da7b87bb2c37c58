# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The C++ builders against PyTorch: for every (case, variant) of a quick host run, the
torch reference on the dumped inputs must give the dumped outputs bitwise (dtype, shape,
values), and leave the persistent inputs as the C++ variant left them. Then the torch
variants' own behaviour on the two hazards of the spec."""

import pytest

from conftest import conformance_dump, torch_skip_reason

if torch_skip_reason():
    pytest.skip(torch_skip_reason(), allow_module_level=True)

import torch  # noqa: E402

import conformance_dump as cd  # noqa: E402
from reference import REFERENCES  # noqa: E402
from reference.ngram import propose_vllm_literal, update_token_ids_ngram  # noqa: E402


def pairs_where(predicate):
    """Parametrize `pair` over the (case, variant) pairs the predicate accepts."""
    def mark(fn):
        fn.pair_filter = predicate
        return fn
    return mark


def test_bitwise_equal_to_torch(pair):
    dump_dir, case, variant = pair
    check = cd.check_variant(dump_dir, case, variant)
    if check.differences:
        pytest.fail(f"{case['case_id']} [{variant['name']}] differs from the torch reference "
                    f"({REFERENCES[case['suite']].vllm_source}):\n  " + "\n  ".join(check.differences),
                    pytrace=False)


def test_every_site_has_a_reference_and_is_dumped():
    dump_dir, manifest = conformance_dump()
    if dump_dir is None:
        pytest.skip(manifest)
    dumped = {}
    for case in manifest["cases"]:
        dumped.setdefault(case["suite"], set()).update(v["name"] for v in case["variants"])
    assert set(dumped) == set(REFERENCES), "suites without a reference, or references without a dump"
    for suite, variants in dumped.items():
        assert variants == set(REFERENCES[suite].variants) | {"fused"}, suite


@pairs_where(lambda c, v: c["suite"] == "sparse_mla_slot_mapping")
def test_sparse_mla_clamp_in_place_rewrites_the_shared_table(pair):
    dump_dir, case, variant = pair
    check = cd.check_variant(dump_dir, case, variant)
    rows = case["params"]["R"]
    before_view = check.inputs_before["block_table"]
    before_base = check.inputs_before["block_table_base"]
    after_view = check.reference.inputs_after["block_table"]
    after_base = check.reference.inputs_after["block_table_base"]
    negatives = int((before_view < 0).sum())
    assert torch.equal(after_base[rows:], before_base[rows:]), "rows past the view must not change"
    if variant["name"] == "clamp_":
        assert int((after_view < 0).sum()) == 0
        assert torch.equal(after_base[:rows], after_view), "the view and the runner's table are one"
        changed = int((after_view != before_view).sum())
        assert changed == negatives
        assert (variant["verdict"] == "mutation") == (negatives > 0), variant["verdict"]
    else:
        assert torch.equal(after_view, before_view) and torch.equal(after_base, before_base)
        assert variant["verdict"] == "same"
    # The padding axis decides whether there is anything to rewrite.
    assert (negatives > 0) == (case["params"]["padding"] != 0)


@pairs_where(lambda c, v: c["suite"] == "ngram_update" and v["name"] == "clamp_naive")
def test_ngram_update_naive_in_place_loses_the_backup_token(pair):
    dump_dir, case, variant = pair
    inputs = cd.load_inputs(dump_dir, case)
    args = [inputs[k] for k in ("token_ids", "num_tokens_no_spec", "discard_request_mask", "sampled_token_ids")]
    good, count, valid_ids, backup = update_token_ids_ngram("clamp_", *[a.clone() for a in args])
    naive, _, _, _ = update_token_ids_ngram("clamp_naive", *[a.clone() for a in args])
    reference, _, _, _ = update_token_ids_ngram("clamp", *[a.clone() for a in args])
    assert torch.equal(good, reference), "clamp_ must keep clamp's answer"
    none_valid = count == 0
    assert bool(none_valid.any()), "every quick case has rows without a valid sample"
    assert torch.equal(good[none_valid], backup[none_valid])
    assert torch.equal(naive[none_valid], valid_ids[none_valid, 0])
    assert torch.equal(naive[~none_valid], good[~none_valid])
    hazard = none_valid & (naive == -1) & (good != -1)
    assert bool(hazard.any()), "naive must give -1 where clamp_ gives the backup token"
    assert variant["verdict"] == "output_mismatch"


@pairs_where(lambda c, v: c["suite"] == "ngram_propose")
def test_ngram_propose_vllm_spelling_agrees_off_the_clamped_duplicates(pair):
    dump_dir, case, variant = pair
    inputs = cd.load_inputs(dump_dir, case)
    masked = cd.check_variant(dump_dir, case, variant).reference.outputs["token_ids"]
    literal, positions = propose_vllm_literal(
        cd.torch_variant_for(variant["name"]), inputs["token_ids"].clone(), inputs["num_tokens_no_spec"],
        inputs["valid_sampled_token_ids"], inputs["valid_sampled_tokens_count"])
    last = literal.shape[1] - 1
    duplicated = (positions == last).sum(1) > 1  # rows scattering more than once onto L - 1
    agree = literal == masked
    agree[duplicated, last] = True  # write order decides there (nondeterministic on CUDA)
    assert bool(agree.all()), f"{int((~agree).sum())} elements differ away from column L - 1"
