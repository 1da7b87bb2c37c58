# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One vLLM release opened for running: its parsed modules, the namespace its functions are
compiled into, the adaptations used so far and the allocation counter of the current call."""
import contextlib
import re
import sys
import types

from . import adapt, helpers
from .extract import (ExtractError, compile_nodes, find_function, find_top_level, parse_module, stdlib_imports,
                      with_dependencies)

MATH_UTILS = "vllm/utils/math_utils.py"
COMPILED_MODULE = "clampbench_upstream"  # the __name__ of the code compiled from a release
DEFINITION = re.compile(r"^\s*(?:def|class) (\w+)", re.M)


class Release:
    def __init__(self, source, triton_interpret=True):
        """triton_interpret: run Triton kernels in Triton's CPU interpreter (CPU tensors, the
        check); False compiles them for the GPU (CUDA tensors, scripts/pytorch_alloc.py)."""
        self.source = source
        self.triton_interpret = triton_interpret
        self.label = source.label
        self.version = source.version
        self.adaptations_used = set()
        self._holder = {"counter": None}
        self._modules = {}
        self._torch = adapt.torch_module(self.adaptations_used, self._holder)
        self._triton = None
        self._definitions = None

    def module(self, relpath):
        if relpath not in self._modules:
            self._modules[relpath] = parse_module(self.source, relpath)
        return self._modules[relpath]

    def namespace(self, triton=False, **extra):
        """Globals for compiled vLLM code: the adapted torch, vLLM's own cdiv and round_down
        (from this release's math_utils), Triton when asked (adapt.TritonUnavailable when it
        cannot run here), the helpers of other modules newer releases call (helpers.py), and
        the given stand-ins."""
        # A module of that name must exist: dataclass() looks string annotations up in it.
        sys.modules.setdefault(COMPILED_MODULE, types.ModuleType(COMPILED_MODULE))
        ns = {"torch": self._torch, "__name__": COMPILED_MODULE}
        math_utils = self.module(MATH_UTILS)
        compile_nodes(math_utils, [find_top_level(math_utils, n) for n in ("cdiv", "round_down")], ns)
        if triton:
            if self._triton is None:
                self._triton = adapt.triton_module(self.adaptations_used, self._holder,
                                                   self.triton_interpret)
            ns["triton"] = self._triton
            ns["tl"] = adapt.load_triton(self.triton_interpret)[1]
        helpers.add_to(self, ns, self.adaptations_used)
        ns.update(extra)
        return ns

    def load(self, relpath, names, ns):
        """Compiles the top-level definitions `names` of `relpath`, and those of the same file
        they use (but not the names `ns` already holds: stand-ins), into `ns`, after the
        file's standard-library imports."""
        module = self.module(relpath)
        compile_nodes(module, stdlib_imports(module), ns)
        return compile_nodes(module, with_dependencies(module, names, given=set(ns)), ns)

    def find(self, relpath, qualnames, follow=True):
        """(Module, FunctionDef, class name or None) of the first of `qualnames` in `relpath`;
        where that file is gone or no longer defines any, in the file of the tree that does
        (the site moved: Module.relpath says where; not with follow=False). ExtractError when
        none does."""
        try:
            module = self.module(relpath)
            return (module, *find_function(module, qualnames))
        except ExtractError as exc:
            if exc.kind != "missing" or not follow:
                raise
            first = exc
        for other in self._files_defining(qualnames):
            if other != relpath:
                module = self.module(other)
                return (module, *find_function(module, qualnames))
        raise ExtractError(f"{first}; no other file of the tree defines it either")

    def _files_defining(self, qualnames):
        """The tree's files that define one of `qualnames` (a def NAME, in class OWNER)."""
        if self._definitions is None:  # {name: files defining it}, read once per release
            self._definitions = {}
            for relpath in getattr(self.source, "python_files", lambda: [])():
                try:
                    text = self.source.read(relpath) or ""
                except UnicodeDecodeError:  # not UTF-8: defines nothing found here (scan names it)
                    continue
                for name in set(DEFINITION.findall(text)):
                    self._definitions.setdefault(name, []).append(relpath)
        found = []
        for qualname in qualnames:
            owner, _, name = qualname.rpartition(".")
            for relpath in self._definitions.get(name, []):
                if owner and relpath not in self._definitions.get(owner, []):
                    continue
                try:
                    find_function(self.module(relpath), [qualname])
                except ExtractError:
                    continue
                found.append(relpath)
        return found

    def has(self, relpath):
        return self.source.read(relpath) is not None

    @contextlib.contextmanager
    def counting(self, counter):
        """Counts the allocations of the code run inside into `counter`, and its host cost
        into the HostCost of the enclosing `costing`, if any."""
        self._holder["counter"] = counter
        cost = self._holder.get("cost")
        try:
            if cost is not None:
                cost.counting = True
            with counter:
                yield counter
        finally:
            self._holder["counter"] = None
            if cost is not None:
                cost.counting = False

    @contextlib.contextmanager
    def costing(self, cost):
        """Follows residency for `cost` (a host_cost.HostCost) over the code run inside; its
        `counting` regions are counted."""
        self._holder["cost"] = cost
        try:
            with cost.tracking():
                yield cost
        finally:
            self._holder["cost"] = None
