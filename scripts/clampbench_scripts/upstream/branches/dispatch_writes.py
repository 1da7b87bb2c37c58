# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The in-place writes vLLM's code makes into the inputs a runner owns (the persistent
buffers), seen in PyTorch's dispatcher: every aten op whose schema marks an argument as
written (`clamp_`'s self, an `out=` tensor, the copy behind `t[i] = v`), whether or not any
value changes. A mutation check compares values, and sees such a write only when the data
happen to make it change something; this sees the write itself."""
import contextlib
import os
import traceback
from dataclasses import dataclass

import torch
from torch.utils._pytree import tree_flatten

from ..vllm_code.adapt import AllocationCounter


@dataclass
class LatentWrite:
    buffer: str  # the first persistent input (in the case's order) on the written storage
    op: str
    view: str  # the first call's view: sizes, strides, offset in elements
    calls: int = 0
    elements_written: int = 0  # distinct storage elements per call, summed over calls
    elements_changed: int = 0  # of those, elements whose value differs after the call
    where: str = ""  # the line of vLLM's code that made the first such write


def vllm_line():
    """'vllm/<path>.py:LINE' of the innermost frame of vLLM's own code on the stack (the
    package's files, wherever the tree was unpacked), or '' when none is."""
    for frame in reversed(traceback.extract_stack()):
        parts = frame.filename.replace(os.sep, "/").split("/")
        if "vllm" in parts[:-1]:
            start = len(parts) - 1 - parts[::-1].index("vllm")
            return f"{'/'.join(parts[start:])}:{frame.lineno}"
    return ""


def storage_key(t):
    return t.storage().data_ptr()


def view_text(t):
    return f"{list(t.shape)} strides {list(t.stride())} offset {t.storage_offset()}"


def elements_of_view(t):
    """Distinct storage elements a view covers (an expanded or overlapping view each once)."""
    if t.numel() == 0:
        return 0
    offsets = torch.arange(t.storage().size()).as_strided(t.shape, t.stride(), t.storage_offset())
    return int(offsets.unique().numel())


def written_tensors(func, args, kwargs):
    """The tensors an aten op writes: its arguments whose alias annotation is a write."""
    found = []
    for i, arg in enumerate(func._schema.arguments):
        if arg.alias_info is None or not arg.alias_info.is_write:
            continue
        value = args[i] if i < len(args) and not arg.kwarg_only else kwargs.get(arg.name)
        found += [t for t in tree_flatten(value)[0] if isinstance(t, torch.Tensor)]
    return found


def boolean_index(func, args):
    """The mask of `t[mask] = v` as torch 1.13 dispatches it (index_put_ with one boolean
    index over t's leading dimensions; torch 2 dispatches the same store as masked_fill_),
    else None."""
    if func.overloadpacket.__name__ != "index_put_" or len(args) < 2:
        return None
    indices = [i for i in args[1] if i is not None] if isinstance(args[1], (list, tuple)) else []
    if len(indices) == 1 and isinstance(indices[0], torch.Tensor) and indices[0].dtype == torch.bool \
            and len(args[1]) == 1:
        return indices[0]
    return None


def op_name(func, args):
    """The op as the findings name it: a boolean-index store is a masked fill whatever the
    torch version (boolean_index)."""
    return "masked_fill_" if boolean_index(func, args) is not None else func.overloadpacket.__name__


def elements_written(func, target, args):
    """Elements one call writes: a masked fill (or a boolean-index store) only where the mask
    holds, else the view."""
    name = func.overloadpacket.__name__
    if name == "masked_fill_" and len(args) > 1 and isinstance(args[1], torch.Tensor):
        return int(args[1].expand(target.shape).sum())
    mask = boolean_index(func, args)
    if mask is not None:
        rest = target.shape[mask.dim():]
        return int(mask.sum()) * int(torch.Size(rest).numel())
    return elements_of_view(target)


class WriteRecorder(AllocationCounter):
    """An AllocationCounter that also records writes into `watched` {storage key: buffer}.
    Its own bookkeeping (the copies and comparisons behind a finding) is paused in itself and
    in every counter of `quiet` (the host cost of the same call): it is not vLLM's work."""

    def __init__(self, watched, quiet=(), on_device=None):
        super().__init__(on_device)
        self.watched = dict(watched)
        self.quiet = tuple(quiet)
        self.writes = {}  # (buffer, op) -> LatentWrite, in the order first seen

    @contextlib.contextmanager
    def bookkeeping(self):
        with contextlib.ExitStack() as stack:
            for counter in (self, *self.quiet):
                stack.enter_context(counter.pause())
            yield

    def __torch_dispatch__(self, func, types_, args=(), kwargs=None):
        kwargs = kwargs or {}
        if self.paused:
            return func(*args, **kwargs)
        targets = [t for t in written_tensors(func, args, kwargs) if storage_key(t) in self.watched]
        with self.bookkeeping():
            before = [t.clone() for t in targets]
        out = super().__torch_dispatch__(func, types_, args, kwargs)
        with self.bookkeeping():
            for target, old in zip(targets, before):
                buffer = self.watched[storage_key(target)]
                op = op_name(func, args)
                record = self.writes.get((buffer, op))
                if record is None:
                    record = self.writes[buffer, op] = LatentWrite(buffer, op, view_text(target), where=vllm_line())
                record.calls += 1
                record.elements_written += elements_written(func, target, args)
                record.elements_changed += int((old != target).sum())
        return out
