# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The findings of one (case, variant) of a results file, read as a set.

A finding is an output that differs from the reference's, a Persistent buffer that changed,
an order-dependent write or a latent write, each with its count (elements that differ or
changed, duplicate writes, elements written). Reading them belongs with the results reader
(results.variant_row); calling two runs' sets is compare's (compare/finding_sets.py).
"""
KINDS = ("output", "mutation", "order_dependent_write", "latent_write")


def _block_findings(variant, key):
    block = variant.get(key)
    return block.get("findings") if isinstance(block, dict) else None


def of_variant(variant):
    """{"kinds": kinds the file records, "set": {(kind, name): count}} of a results variant.
    Outputs and mutations come from its checks (in every results file); the two write kinds
    only from files that have their blocks, so an older file is not read as "none"."""
    checks = variant.get("checks") or {}
    found = {}
    for m in (checks.get("outputs") or {}).get("mismatches") or []:
        found[("output", m["output"])] = m.get("count")
    for m in checks.get("mutations") or []:
        found[("mutation", m["buffer"])] = m.get("changed")
    kinds = ["output", "mutation"]
    order, latent = _block_findings(variant, "order_dependent_writes"), _block_findings(variant, "latent_writes")
    if order is not None:
        kinds.append("order_dependent_write")
        for f in order:
            found[("order_dependent_write", f["buffer"])] = f.get("duplicates")
    if latent is not None:
        kinds.append("latent_write")
        for f in latent:
            found[("latent_write", f"{f['buffer']} {f['op']}")] = f.get("elements_written")
    return {"kinds": kinds, "set": found}


def as_expected(variant):
    """Whether the run found every finding of the variant as its expectations say (True in
    files from before the per-finding check)."""
    block = variant.get("findings")
    return bool(block.get("as_expected", True)) if isinstance(block, dict) else True
