# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The checks of one side's call in the results schema (results/SCHEMA.md "checks"): its
outputs (and the runner-writable buffers it leaves) bitwise against the base's call on the
same inputs, the persistent inputs it changed, and the verdict they add up to."""
import torch

MAX_FIRST = 5  # changed elements listed per mutation, as clampbench's checks do


def scalar(t, index):
    value = t[tuple(index)].item()
    return value if isinstance(value, (int, float)) else str(value)


def as_tensor(value):
    """A tensor for vLLM's value (None stays None; a list of numbers becomes a tensor); an
    object that is neither cannot be compared bitwise and raises TypeError."""
    if value is None or isinstance(value, torch.Tensor):
        return value
    try:
        return torch.tensor(value)
    except (TypeError, ValueError, RuntimeError):
        raise TypeError(f"a {type(value).__name__}") from None


def leaves(value, path=""):
    """[(path, tensor or scalar)] of a structured value: the fields of vLLM's metadata objects
    (a dataclass, a slice), lists and dicts of them, down to tensors and plain values."""
    if isinstance(value, torch.Tensor) or value is None or isinstance(value, (bool, int, float, str)):
        return [(path, value)]
    if isinstance(value, slice):
        value = {"start": value.start, "stop": value.stop, "step": value.step}
    elif hasattr(value, "__dict__") and not isinstance(value, (list, tuple, dict)):
        value = {k: v for k, v in vars(value).items() if not k.startswith("_")}
    items = value.items() if isinstance(value, dict) else enumerate(value)
    return [leaf for key, v in items for leaf in leaves(v, f"{path}.{key}" if isinstance(value, dict) else f"{path}[{key}]")]


def structure_mismatch(base, ref, got):
    """A mismatch of two structured values, compared leaf by leaf; None when all are equal."""
    ref_leaves, got_leaves = dict(leaves(ref)), dict(leaves(got))
    if set(ref_leaves) != set(got_leaves):
        return dict(base, count=max(len(ref_leaves), len(got_leaves)), first_index=None, reference=None, value=None,
                    reason="the two values have other fields or lengths")
    differ = [(p, m) for p in ref_leaves for m in [mismatch("", ref_leaves[p], got_leaves[p])] if m]
    if not differ:
        return None
    path, first = differ[0]
    return dict(base, count=sum(m["count"] for _, m in differ), first_index=None, reference=first["reference"],
                value=first["value"], reason=f"first at {path or 'the value'}" + (f": {first['reason']}"
                                                                                  if "reason" in first else ""))


def mismatch(name, ref, got, where="output"):
    """None when vLLM's two values are bitwise equal, else a schema mismatch (the base's value
    is the reference)."""
    base = {"output": name, "source": where}
    if isinstance(ref, str) or isinstance(got, str):  # a leaf no tensor holds
        return None if ref == got else dict(base, count=1, first_index=None, reference=str(ref), value=str(got))
    try:
        ref, got = as_tensor(ref), as_tensor(got)
    except TypeError:
        return structure_mismatch(base, ref, got)
    if ref is None or got is None:
        if ref is None and got is None:
            return None
        size = (got if ref is None else ref).numel()
        return dict(base, count=size, first_index=None, reference=None, value=None,
                    reason=f"{'base' if ref is None else 'head'} gives None, the other a tensor")
    if ref.dtype != got.dtype or tuple(ref.shape) != tuple(got.shape):
        return dict(base, count=max(ref.numel(), got.numel()), first_index=None, reference=None, value=None,
                    reason=f"base {ref.dtype} {list(ref.shape)} vs head {got.dtype} {list(got.shape)}")
    differ = (ref.contiguous() != got.contiguous())
    if not differ.any():
        return None
    first = [int(i) for i in differ.nonzero()[0]]
    return dict(base, count=int(differ.sum()), first_index=first, reference=scalar(ref, first),
                value=scalar(got, first))


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
        if entry["role"] == "persistent_writable":
            m = mismatch(entry["name"], base.inputs_after[entry["name"]], head.inputs_after[entry["name"]],
                         "written_input")
            found += [m] if m else []
    return found


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
