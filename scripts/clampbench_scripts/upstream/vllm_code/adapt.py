# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What vLLM's code is run with: PyTorch (Debian's 1.13, CPU), a counter of the tensors it
allocates, Triton's interpreter for its kernels, and the few adaptations torch 1.13 needs.

Every adaptation is named in ADAPTATIONS and reported by the tests; none changes a value."""
import contextlib
import os
import sys
import types

import torch
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils._pytree import tree_flatten

from .pausable import Pausable
from .storage import storage_id

ADAPTATIONS = {
    "pin_memory": "torch.empty/zeros(..., pin_memory=True) is called without pin_memory: "
                  "pinned host memory needs CUDA, and pinning changes no value",
    "gather_int32_index": "torch.gather with an int32 index gets index.long(): torch 1.13 wants "
                          "int64 (torch >= 2.8 takes int32, and is not adapted); the copy is not "
                          "counted by the AllocationCounter",
    "triton_interpreter": "@triton.jit kernels run in Triton's CPU interpreter (TRITON_INTERPRET=1); "
                          "torch 1.13 gets Tensor.untyped_storage for it; kernel launches allocate "
                          "nothing and are not counted (the host cost counts each as one launch)",
}


def vllm_line():
    """(file name, line) of the innermost frame running a release's code, or None."""
    frame = sys._getframe(2)
    while frame is not None:
        if frame.f_code.co_filename.startswith("<vllm"):
            return frame.f_code.co_filename, frame.f_lineno
        frame = frame.f_back
    return None


class AllocationCounter(Pausable, TorchDispatchMode):
    """Counts the tensors that aten ops return on storage none of their inputs had: PyTorch
    eager's allocations (views, in-place and out= ops, and a .to() to the same dtype make
    none). Each event is (op, dtype, shape, bytes, (vLLM file, line) that made it).
    `on_device`: where a site's tensors are GPU tensors in vLLM, the residency test of its
    HostCost (host_cost.py), so that only what the GPU's caching allocator would serve counts;
    the CPU tensors of its host planning (query_start_loc_cpu's ops) do not, as
    torch.cuda.memory_stats does not see them. None: every allocation counts (host sites)."""

    def __init__(self, on_device=None):
        super().__init__()
        self.on_device = on_device
        self.events = []
        self.paused = 0

    def __torch_dispatch__(self, func, types_, args=(), kwargs=None):
        kwargs = kwargs or {}
        out = func(*args, **kwargs)
        if self.paused:
            return out
        inputs = {storage_id(t) for t in tree_flatten((args, kwargs))[0] if isinstance(t, torch.Tensor)}
        for t in tree_flatten(out)[0]:
            if isinstance(t, torch.Tensor) and storage_id(t) not in inputs and \
                    (self.on_device is None or self.on_device(t)):
                self.events.append((str(func.overloadpacket.__name__), str(t.dtype), tuple(t.shape),
                                    t.numel() * t.element_size(), vllm_line()))
        return out


@contextlib.contextmanager
def paused(holder):
    """Nothing run inside is counted: neither allocations nor host cost (an adaptation's own
    op, Triton's interpreter running a kernel on the CPU)."""
    with contextlib.ExitStack() as stack:
        for key in ("counter", "cost"):
            if holder.get(key) is not None:
                stack.enter_context(holder[key].pause())
        yield


# torch >= 2.8 gathers with an int32 index itself (pytorch/pytorch#162711): there vLLM's call
# runs as written, with no copy that torch.cuda.memory_stats would count.
GATHER_TAKES_INT32 = tuple(int(p) for p in torch.__version__.split(".")[:2]) >= (2, 8)


def torch_module(used: set, holder: dict):
    """The `torch` vLLM's code sees: torch itself, with the adapted functions swapped in."""
    shim = types.ModuleType("torch")
    shim.__dict__.update(torch.__dict__)

    def drop_pin(factory):
        def call(*args, pin_memory=False, **kwargs):
            if pin_memory:
                used.add("pin_memory")
            return factory(*args, **kwargs)
        return call

    def gather(input, dim, index, **kwargs):
        if index.dtype == torch.int32 and not GATHER_TAKES_INT32:
            used.add("gather_int32_index")
            with paused(holder):
                index = index.long()
        return torch.gather(input, dim, index, **kwargs)

    for name in ("empty", "zeros", "ones", "full"):
        setattr(shim, name, drop_pin(getattr(torch, name)))
    shim.gather = gather
    return shim


class TritonUnavailable(ImportError):
    """Triton cannot run vLLM's kernels here, and why (a site needing it cannot be run)."""


def load_triton(interpret=True):
    """(triton, triton.language), or raise TritonUnavailable saying why. interpret: kernels
    run in Triton's CPU interpreter (TRITON_INTERPRET=1, CPU tensors only); False: compiled
    for the GPU as vLLM runs them, which TRITON_INTERPRET=1 (read at @triton.jit) would prevent."""
    if interpret:
        os.environ["TRITON_INTERPRET"] = "1"
        if not hasattr(torch.Tensor, "untyped_storage"):  # torch < 2.0; the interpreter wants it
            torch.Tensor.untyped_storage = lambda self: self.storage()._untyped() \
                if hasattr(self.storage(), "_untyped") else self.storage().untyped()
    elif os.environ.get("TRITON_INTERPRET") == "1":
        raise TritonUnavailable("TRITON_INTERPRET=1 is set: Triton would interpret the kernels, "
                                "which needs CPU tensors")
    try:
        import triton
        import triton.language as tl
    except Exception as exc:  # ImportError, or a broken install raising something else
        raise TritonUnavailable(f"Triton not importable ({type(exc).__name__}: {exc})") from exc
    return triton, tl


def triton_module(used: set, holder: dict, interpret=True):
    """The `triton` vLLM's code sees: @triton.jit kernels whose launches are not counted (by
    the AllocationCounter; torch.cuda.memory_stats sees what a compiled launch allocates)."""
    triton, _ = load_triton(interpret)
    shim = types.ModuleType("triton")
    shim.__dict__.update(triton.__dict__)

    class Kernel:
        def __init__(self, fn):
            self.fn = fn

        def __call__(self, *args, **kwargs):  # a @triton.jit helper called from a kernel
            return self.fn(*args, **kwargs)

        def __getattr__(self, name):  # arg_names, ...: what vLLM's launch path reads
            if name == "fn":  # not set yet (a copy being made): no recursion through fn
                raise AttributeError(name)
            return getattr(self.fn, name)

        def __getitem__(self, grid):
            launch = self.fn[grid]

            def run(*args, **kwargs):
                if interpret:
                    used.add("triton_interpreter")
                if holder.get("cost") is not None:
                    python_fn = getattr(self.fn, "fn", self.fn)  # a method's kernel by its class too
                    holder["cost"].kernel(getattr(python_fn, "__qualname__", None) or str(python_fn))
                with paused(holder):
                    return launch(*args, **kwargs)
            return run

    def jit(fn=None, **options):
        if fn is None:
            return lambda f: Kernel(triton.jit(f, **options))
        return Kernel(triton.jit(fn))

    shim.jit = jit
    return shim
