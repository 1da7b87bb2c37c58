# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Two sides' values of one output compared bitwise, as a results-schema mismatch: tensors
element by element, and vLLM's structured metadata (dataclasses, slices, lists of them) leaf
by leaf, so that a rewritten layout that hands on objects is compared rather than refused."""
import torch


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
