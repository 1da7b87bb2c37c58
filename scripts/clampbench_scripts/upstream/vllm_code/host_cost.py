# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The host cost of vLLM's code per call, as the results' `host_cost` block: aten ops
dispatched (by name; views apart), kernels they would launch on a GPU, the syncs and the copies
between host and device (cost_rules.py says what each op costs).

Everything runs on the CPU here, so residency is tracked: on a GPU site (`on_device`) the
dumped inputs are device tensors (mark), an op with a device input makes device tensors, and a
factory makes one where vLLM's code names a device object (`device=self.device`, `x.device`),
not "cpu" nor no device (its host tensors). On a host site nothing is on the device. A
TorchFunctionMode sees what the dispatcher does not: `.to(device)` of a host tensor and
`.cpu()`/`.tolist()`/`.numpy()` of a device one (no aten op on the CPU, a copy on a GPU).
Residency is followed over the whole run; only the `counting` region is counted."""
import contextlib
from collections import Counter

import torch
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten

from ...common.host_cost import VERSION
from . import cost_rules as rules
from .pausable import Pausable
from .storage import storage_id

TO_HOST = frozenset({"cpu", "tolist", "numpy"})


class HostCost(Pausable):
    def __init__(self, on_device):
        self.on_device = on_device
        self.counting, self.paused, self.factory_on_device = False, 0, None
        self._device = {}  # storage key -> a tensor on it (kept alive: no key is reused)
        self.by_op, self.views, self.kernels, self.sync_ops = Counter(), 0, Counter(), Counter()
        self.launches = self.h2d = self.d2h = 0

    def mark(self, tensors):
        for t in tensors:
            if isinstance(t, torch.Tensor) and self.on_device:
                self._device[storage_id(t)] = t

    def on_gpu(self, t):
        return isinstance(t, torch.Tensor) and storage_id(t) in self._device

    @property
    def live(self):
        return self.counting and not self.paused

    def op(self, name, launches=0, sync=None, h2d=0, d2h=0):
        self.by_op[name] += 1
        self.launches += launches
        self.h2d, self.d2h = self.h2d + h2d, self.d2h + d2h
        if sync:
            self.sync_ops[sync] += 1

    def kernel(self, name):
        """A Triton kernel launched by vLLM's code (no aten op)."""
        if self.live and self.on_device:
            self.kernels[name] += 1
            self.launches += 1


    @contextlib.contextmanager
    def tracking(self):
        """Follows residency over the code run inside (counts only while `counting`)."""
        with _Functions(self), _Dispatch(self):
            yield self

    def block(self):
        """The results' host_cost block, and vLLM's extra: `views` and Triton `kernels`."""
        ops = sum(self.by_op.values())
        return {"version": VERSION, "ops": ops, "by_op": dict(sorted(self.by_op.items())), "launches": self.launches,
                "syncs": sum(self.sync_ops.values()), "sync_ops": dict(sorted(self.sync_ops.items())),
                "h2d_copies": self.h2d, "d2h_copies": self.d2h, "check_syncs": 0,
                "views": self.views, "kernels": dict(sorted(self.kernels.items()))}


def _target(args, kwargs):
    """The device a `.to(...)` names: True a device object (vLLM's GPU), False "cpu", None none."""
    for a in (*args[1:], kwargs.get("device")):
        if isinstance(a, torch.device):
            return True
        if isinstance(a, str):
            return False
    return None


class _Functions(TorchFunctionMode):
    def __init__(self, cost):
        super().__init__()
        self.cost = cost

    def __torch_function__(self, func, types_, args=(), kwargs=None):
        kwargs = kwargs or {}
        cost, name = self.cost, getattr(func, "__name__", "")
        src = args[0] if args and isinstance(args[0], torch.Tensor) else None
        if not cost.on_device or cost.paused:
            return func(*args, **kwargs)
        if src is None:  # a factory: on the device where vLLM names a device object
            before, cost.factory_on_device = cost.factory_on_device, isinstance(kwargs.get("device"), torch.device)
            try:
                return func(*args, **kwargs)
            finally:
                cost.factory_on_device = before
        to_device = name == "to" and _target(args, kwargs) is True and not cost.on_gpu(src)
        to_host = cost.on_gpu(src) and (name in TO_HOST or name == "to" and _target(args, kwargs) is False)
        if not (to_device or to_host):
            return func(*args, **kwargs)
        live = cost.live
        with cost.pause():  # the copy is counted here, once, whatever the CPU dispatches for it
            out = func(*args, **kwargs)
            if isinstance(out, torch.Tensor) and out.storage().data_ptr() == src.storage().data_ptr():
                with torch._C._DisableTorchDispatch():  # seen by no counter: the CPU's stand-in
                    out = out.clone()  # for the new tensor a GPU makes on the other side
        if live:
            cost.op("_to_copy", h2d=int(to_device), d2h=int(to_host), sync=name if to_host else None)
        if to_device:
            cost.mark([out])
        return out


class _Dispatch(TorchDispatchMode):
    def __init__(self, cost):
        super().__init__()
        self.cost = cost

    def __torch_dispatch__(self, func, types_, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        cost = self.cost
        if cost.paused:
            return out
        name = str(func.overloadpacket.__name__)
        tensors = [t for t in tree_flatten((args, kwargs))[0] if isinstance(t, torch.Tensor)]
        made = [t for t in tree_flatten(out)[0] if isinstance(t, torch.Tensor)]
        device = any(cost.on_gpu(t) for t in tensors) if tensors else bool(cost.factory_on_device)
        if device and not name.endswith("_"):  # an in-place op's result is its input, where it was
            cost.mark(made)
        if not cost.live:
            return out
        if name in rules.VIEWS:
            cost.views += 1
            return out
        if rules.boolean_fill(name, args):
            name = "masked_fill_"
        if name == "copy_" and cost.on_gpu(args[0]) != cost.on_gpu(args[1]):  # between host and device
            from_gpu = cost.on_gpu(args[1])
            cost.op(name, h2d=int(not from_gpu), d2h=int(from_gpu), sync=name if from_gpu else None)
            return out
        if not device:
            cost.op(name)
            return out
        written = [t for t in (made or tensors[:1]) if t.numel() > 0]
        scalar = name == rules.SCALAR_READ
        sync = name if scalar or rules.syncs_on(name, args, kwargs) else None
        cost.op(name, launches=rules.launches(name, written), sync=sync, d2h=int(scalar))
        return out
