# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's per-suite hazard sections: the op-level savings from allocation traces and
the latent writes, worked by hand on rows as results.variant_row makes them."""
from clampbench_scripts.dashboard import hazards


def alloc(op, shape, nbytes, dtype="int32", tag=None):
    return {"op": op, "dtype": dtype, "shape": shape, "bytes": nbytes, "tag": tag}


def row(case, variant, trace=None, latent=()):
    return {"suite": "s", "case_id": case, "variant": variant, "allocation_trace": trace,
            "latent_findings": list(latent)}


ADD = alloc("add", [8], 32)
CLAMP = alloc("clamp", [8], 32)
FINDING = {"buffer": "block_table", "op": "clamp_", "elements_written": 1024, "elements_changed": 0,
           "expected": True}


def test_savings_name_the_op_per_variant_with_counts_over_cases():
    rows = [row("s/a", "clamp", [ADD, CLAMP, CLAMP]), row("s/a", "clamp_", [ADD]),
            row("s/b", "clamp", [ADD, CLAMP]), row("s/b", "clamp_", [ADD]),
            row("s/b", "fused", [alloc("empty", [8], 32)])]
    table = sorted(hazards.op_savings(rows))
    assert table == [("clamp_", "clamp (int32 [8])", 32, 1, 2, 2),
                     ("fused", "add (int32 [8])", 32, 1, 1, 1),
                     ("fused", "clamp (int32 [8])", 32, 1, 1, 1)]
    html = hazards.savings_table(rows)
    assert "<td class=l>clamp_</td><td class=l>clamp (int32 [8])</td>" in html and "<td>1..2</td>" in html


def test_a_tagged_allocation_is_named_with_its_tag():
    tagged = alloc("clamp", [8], 32, tag="mamba_prefix_caching:28")
    rows = [row("s/a", "clamp", [tagged]), row("s/a", "clamp_", [])]
    assert hazards.op_savings(rows) == [("clamp_", "clamp at mamba_prefix_caching:28 (int32 [8])", 32, 1, 1, 1)]


def test_without_traces_the_section_says_how_to_get_them():
    assert "run --trace" in hazards.savings_table([row("s/a", "clamp"), row("s/a", "clamp_")])


def test_latent_writes_are_listed_with_written_and_changed_counts():
    rows = [row("s/a", "clamp"), row("s/a", "clamp_", latent=[FINDING]),
            row("s/b", "clamp_", latent=[dict(FINDING, expected=False, elements_changed=3)])]
    html = hazards.latent_table(rows)
    assert "<td>1024</td><td>0</td><td class=l>known</td>" in html
    assert "<tr class=unexpected>" in html and "<td>3</td><td class=l>UNEXPECTED</td>" in html
    assert "none" in hazards.latent_table([row("s/a", "clamp")])
