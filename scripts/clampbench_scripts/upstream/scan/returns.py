# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What a method of the scanned class, or a module's function, hands back, for a caller that
writes into it: the fields of the object each `return` gives (a class called with keywords,
directly or through a name bound to one, with the fields of the objects it holds and of a
list's elements; writes.FunctionScan.returns), in the callee's own origins, then in the
caller's (its arguments put in for the callee's parameters). So `md = self.build(0, cm)` followed by
`md.seq_lens.fill_(1)` is a hazard where `build` returns `XMetadata(seq_lens=cm.seq_lens)`,
and fresh where the field is a tensor `build` computed. The method is the class's own or a
base's (found by name among the parsed classes); a function is the one module-level def of
that name; a callee whose returns are not all such objects, or one that calls itself back,
leaves the caller's value unknown, as before."""
import ast
from typing import Optional

from .dataflow import ALIAS, CM_NAMES, DERIVED, UNKNOWN, FunctionFlow, Origin, derived_from, unknown_from
from ..vllm_code.definitions import child_defs
from .writes import FunctionScan


def _params(fn):
    args = fn.args
    return [a for a in [*args.posonlyargs, *args.args, *args.kwonlyargs] if a.arg not in ("self", "cls")]


def _is_cm_param(arg):
    return arg.arg in CM_NAMES or "CommonAttentionMetadata" in (ast.unparse(arg.annotation) if arg.annotation else "")


class MethodReturns:
    def __init__(self, modules):
        self.classes, self.functions = {}, {}
        for tree in modules.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef):
                    self.classes.setdefault(node.name, []).append(node)
            for node in child_defs(tree):  # a module's own functions (in if/try blocks too)
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    self.functions.setdefault(node.name, []).append(node)
        self.memo, self.busy = {}, set()

    def resolve(self, cls, name, seen=frozenset()):
        """(FunctionDef, its class) of method NAME of CLS or of a base of it, or None."""
        for child in cls.body:
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)) and child.name == name:
                return child, cls
        for base in cls.bases:
            base_name = ast.unparse(base).split("[")[0].rsplit(".", 1)[-1]
            for candidate in self.classes.get(base_name, []):
                if id(candidate) not in seen:
                    found = self.resolve(candidate, name, seen | {id(cls)})
                    if found is not None:
                        return found
        return None

    def fields(self, fn, owner) -> Optional[dict]:
        """{field: Origin or None} of what FN returns, in FN's origins (every return merged)."""
        if id(fn) in self.busy:
            return None
        if id(fn) not in self.memo:
            self.busy.add(id(fn))
            try:
                scan = FunctionScan(FunctionFlow(fn, None, self.for_class(owner)))
                for stmt in fn.body:
                    scan.statement(stmt)
            finally:
                self.busy.discard(id(fn))
            returns = scan.returns
            merged = None
            if returns and all(r is not None for r in returns):
                merged = {}
                for r in returns:
                    for k, o in r.items():
                        merged[k] = _stronger(merged.get(k), o) if k in merged else o
            self.memo[id(fn)] = merged
        return self.memo[id(fn)]

    def for_class(self, cls):
        """The CALLEE hook of FunctionFlow for the code of CLS (None: a function outside a
        class): `self.method(...)` of CLS, and `function(...)` of a module, one definition."""

        def callee(call, flow):
            if isinstance(call.func, ast.Name):
                defined = self.functions.get(call.func.id, [])
                if len(defined) != 1 or call.func.id in flow.env:
                    return None
                fn, owner = defined[0], None
            else:
                found = self.resolve(cls, call.func.attr) if cls is not None else None
                if found is None:
                    return None
                fn, owner = found
            summary = self.fields(fn, owner)
            if summary is None:
                return None
            given = _arguments(fn, call, flow)
            through = ast.unparse(call.func) + "()"
            return {k: _in_caller(o, fn, given, through) for k, o in summary.items()}
        return callee


def _stronger(a, b):
    order = {ALIAS: 0, UNKNOWN: 1, DERIVED: 2}
    if a is None or b is None:
        return a or b
    return a if order[a.reach] <= order[b.reach] else b


def _arguments(fn, call, flow):
    """{parameter name: the caller's origin of the value passed for it}."""
    params = _params(fn)
    given = {p.arg: flow.origin(v) for p, v in zip(params, call.args)}
    given.update((k.arg, flow.origin(k.value)) for k in call.keywords if k.arg)
    return given


def _in_caller(origin, fn, given, through):
    """ORIGIN (of FN's terms) in the caller's terms."""
    if origin is None or origin.kind == "self":
        return origin
    if origin.kind == "cm":
        passed = [given.get(p.arg) for p in _params(fn) if _is_cm_param(p)]
        caller = passed[0] if passed else None
        if caller is not None and caller.is_cm_object:
            return Origin("cm", origin.what, origin.reach, through=origin.through)
        return derived_from(caller) if origin.reach == DERIVED else unknown_from(caller, through)
    caller = given.get(origin.what.split(" ", 1)[-1])  # "argument token_ids"
    if origin.reach == DERIVED:
        return derived_from(caller)
    return caller if origin.reach == ALIAS else unknown_from(caller, through)
