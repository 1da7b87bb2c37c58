# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The port's host cost (its dump's `host_cost` block) and allocations (its `ledger` block)
against vLLM's own code's (the same block, counted by vllm_code/host_cost.py; the
AllocationCounter's events), case by case: ops by name in one vocabulary, the launches, syncs
and copies, and the allocations and bytes. Only the variants that port vLLM's code are compared, against the
release each is held to (`clamp` and `clamp_`, Site.held_to); `fused` is clampbench's own
kernel, a counterfactual none of vLLM's code. cost_differences.py lists what may differ."""
from collections import Counter

from ...common.host_cost import GATED

COMPARED_VARIANTS = ("clamp", "clamp_")
TOTALS = tuple(f for f in GATED if f != "ops")  # ops compare by name
# The runtime's op names in ATen's (results' host_cost spec); a factory is `full` in both
PORT_TO_ATEN = {"item": "_local_scalar_dense", "to": "_to_copy", "to_vector": "_to_copy", "contiguous": "clone",
                "from_vector": "copy_", "logical_and": "bitwise_and", "logical_or": "bitwise_or",
                "logical_not": "bitwise_not"}
# ATen's names folded where the runtime has one op for several
ATEN_FOLDED = {"zeros": "full", "ones": "full", "zeros_like": "full", "ones_like": "full", "full_like": "full",
               "new_full": "full", "new_zeros": "full", "new_ones": "full", "empty_like": "empty",
               "empty_strided": "empty", "new_empty": "empty", "index_put_": "masked_fill_"}


def aten_ops(block, port):
    """Counter of the block's ops in the shared vocabulary (the port's block in runtime names)."""
    out = Counter()
    for name, n in (block.get("by_op") or {}).items():
        name = PORT_TO_ATEN.get(name, name) if port else name
        out[ATEN_FOLDED.get(name, name)] += n
    return out


def allocation_differences(port_ledger, vllm_events):
    """{category: (port, vLLM)} of `allocations` and `bytes` where the port's dumped ledger
    totals differ from vLLM's AllocationCounter events; a port without a ledger block (a
    failed call, an older dump) differs in both, as None: never silently equal."""
    theirs = {"allocations": len(vllm_events), "bytes": sum(e[3] for e in vllm_events)}
    if not isinstance(port_ledger, dict):
        return {k: (None, v) for k, v in theirs.items()}
    ours = {"allocations": port_ledger.get("allocations"), "bytes": port_ledger.get("bytes_requested")}
    return {k: (ours[k], theirs[k]) for k in theirs if ours[k] != theirs[k]}


def differences(port, vllm):
    """{category: (port count, vLLM count)} where the two blocks differ: `op:NAME` per op name,
    and each of TOTALS."""
    found = {}
    ours, theirs = aten_ops(port, True), aten_ops(vllm, False)
    for name in sorted(set(ours) | set(theirs)):
        if ours[name] != theirs[name]:
            found[f"op:{name}"] = (ours[name], theirs[name])
    for key in TOTALS:
        if port.get(key, 0) != vllm.get(key, 0):
            found[key] = (port.get(key, 0), vllm.get(key, 0))
    return found


def pairs(site, case):
    """[(variant row, release version)] of the case's variants compared with vLLM."""
    out = []
    for row in case["variants"]:
        if row["name"] in COMPARED_VARIANTS:
            out += [(row, version) for version in site.held_to(row["name"])]
    return out


def site_differences(site_key, found_by_case, table):
    """(unlisted, vanished) of one site: `found_by_case` {(case_id, variant, release):
    {category: (port, vllm)}}; `table` {site: [CostDifference]}. Unlisted: a category that
    differs but is not listed for the variant; vanished: a listed one no case shows."""
    listed = table.get(site_key, [])
    seen, unlisted = set(), []
    for (case_id, variant, version), found in sorted(found_by_case.items()):
        for category, (ours, theirs) in sorted(found.items()):
            entry = next((d for d in listed if d.matches(category) and d.applies(variant)), None)
            if entry is None:
                unlisted.append(f"{site_key} {case_id} [{variant} vs vllm {version}]: {category}: "
                                f"port {ours}, vLLM {theirs}")
            else:
                seen.add(id(entry))
    vanished = [f"{site_key}: {d.category} ({', '.join(d.variants or COMPARED_VARIANTS)}): listed, "
                f"no case differs" for d in listed if id(d) not in seen]
    return unlisted, vanished


def compare_dump(releases, sites, dump_dir, manifest):
    """{site: {(case_id, variant, release): {category: (port, vllm)}}} of every quick case whose
    compared variants carry a host_cost block; `releases` {version: Release}."""
    from .check import run_site
    runners, found = {}, {}
    for case in manifest["cases"]:
        site = sites.get(case["suite"])
        for row, version in pairs(site, case) if site else []:
            if row.get("host_cost") is None:
                continue
            key = (site.suite, version)
            runners[key] = runners.get(key) or site.bind(releases[version])
            outcome = run_site(releases[version], site, dump_dir, case, runners[key])
            found.setdefault(site.suite, {})[(case["case_id"], row["name"], version)] = {
                **differences(row["host_cost"], outcome.host_cost),
                **allocation_differences(row.get("ledger"), outcome.allocations)}
    return found
