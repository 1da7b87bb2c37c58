# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The checks of one side's call in the results schema (results/SCHEMA.md "checks"): its
outputs (and the runner-writable buffers both calls write) bitwise against the base's call
on the same inputs, the persistent inputs it changed, and the verdict they add up to."""
from .values import mismatch, scalar

MAX_FIRST = 5  # changed elements listed per mutation, as clampbench's checks do


def output_mismatches(site, base, head, case):
    """Every output of the head's call that differs from the base's, and every runner-writable
    input the two calls leave different; a site rewritten into another layout (other output
    names) is compared through site.semantics where it has one."""
    ref_out, got_out = base.outputs, head.outputs
    if set(ref_out) != set(got_out) and site.semantics is not None:
        ref_out = site.semantics(ref_out, base.inputs_before, case["params"])
        got_out = site.semantics(got_out, head.inputs_before, case["params"])
    found = []
    for name in sorted(set(ref_out) | set(got_out)):
        if name not in ref_out or name not in got_out:
            found.append({"output": name, "source": "output", "count": 0, "first_index": None, "reference": None,
                          "value": None, "reason": f"made only by the {'head' if name in got_out else 'base'}"})
            continue
        m = mismatch(name, ref_out[name], got_out[name])
        found += [m] if m else []
    for entry in case["inputs"]:
        # A buffer only one call writes is its destination, not an output of the other (as the
        # harness's check pass rules): the outputs and the mutations tell where the result went.
        if entry["role"] == "persistent_writable" and _wrote(base, entry) == _wrote(head, entry):
            m = mismatch(entry["name"], base.inputs_after[entry["name"]], head.inputs_after[entry["name"]],
                         "written_input")
            found += [m] if m else []
    return found


def _wrote(call, entry):
    return bool((call.inputs_before[entry["name"]] != call.inputs_after[entry["name"]]).any())


def changes(call, case, roles):
    """[{buffer, role, changed, first}] of the inputs with a role in ROLES that the call changed."""
    found = []
    for entry in case["inputs"]:
        if entry["role"] not in roles:
            continue
        old, new = call.inputs_before[entry["name"]], call.inputs_after[entry["name"]]
        differ = old != new
        if differ.any():
            first = [[int(i) for i in idx] for idx in differ.nonzero()[:MAX_FIRST]]
            found.append({"buffer": entry["name"], "role": entry["role"], "changed": int(differ.sum()),
                          "first": [{"index": i, "before": scalar(old, i), "after": scalar(new, i)} for i in first]})
    return found


def checks(site, base, head, case):
    """The schema's checks block of the head's call against the base's (the base's own row
    passes itself as both)."""
    mismatches = output_mismatches(site, base, head, case)
    writes = [{"buffer": c["buffer"], "role": c["role"], "changed": c["changed"]}
              for c in changes(head, case, ("fresh", "persistent_writable"))]
    return {"outputs": {"equal": not mismatches, "mismatches": mismatches},
            "mutations": changes(head, case, ("persistent",)), "writes": writes, "consequences": []}


def verdict(block):
    if block["outputs"]["mismatches"]:
        return "output_mismatch"
    return "mutation" if block["mutations"] else "same"
