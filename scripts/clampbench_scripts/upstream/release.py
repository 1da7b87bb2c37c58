# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One vLLM release opened for running: its parsed modules, the namespace its functions are
compiled into, the adaptations used so far and the allocation counter of the current call."""
import contextlib

from . import adapt
from .extract import compile_nodes, find_top_level, parse_module, with_dependencies

MATH_UTILS = "vllm/utils/math_utils.py"


class Stand:
    """A stand-in for a vLLM object: only the attributes a site's code reads."""

    def __init__(self, **attrs):
        self.__dict__.update(attrs)


class Release:
    def __init__(self, source, triton_interpret=True):
        """triton_interpret: run Triton kernels in Triton's CPU interpreter (CPU tensors, the
        check); False compiles them for the GPU (CUDA tensors, scripts/pytorch-alloc.py)."""
        self.source = source
        self.triton_interpret = triton_interpret
        self.label = source.label
        self.version = source.version
        self.adaptations_used = set()
        self._holder = {"counter": None}
        self._modules = {}
        self._torch = adapt.torch_module(self.adaptations_used, self._holder)
        self._triton = None

    def module(self, relpath):
        if relpath not in self._modules:
            self._modules[relpath] = parse_module(self.source, relpath)
        return self._modules[relpath]

    def namespace(self, triton=False, **extra):
        """Globals for compiled vLLM code: the adapted torch, vLLM's own cdiv and round_down
        (from this release's math_utils), Triton when asked (adapt.TritonUnavailable when it
        cannot run here), and the given stand-ins."""
        ns = {"torch": self._torch, "__name__": "clampbench_upstream"}
        math_utils = self.module(MATH_UTILS)
        compile_nodes(math_utils, [find_top_level(math_utils, n) for n in ("cdiv", "round_down")], ns)
        if triton:
            if self._triton is None:
                self._triton = adapt.triton_module(self.adaptations_used, self._holder,
                                                   self.triton_interpret)
            ns["triton"] = self._triton
            ns["tl"] = adapt.load_triton(self.triton_interpret)[1]
        ns.update(extra)
        return ns

    def load(self, relpath, names, ns):
        """Compiles the top-level definitions `names` of `relpath`, and those of the same file
        they use, into `ns`."""
        module = self.module(relpath)
        return compile_nodes(module, with_dependencies(module, names), ns)

    @contextlib.contextmanager
    def counting(self, counter):
        """Counts the allocations of the code run inside into `counter`."""
        self._holder["counter"] = counter
        try:
            with counter:
                yield counter
        finally:
            self._holder["counter"] = None
