# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The in-place tensor writes of one function, and where the tensor written comes from.

Data flow within the function, in source order: a name bound from the common attention
metadata (a parameter named or annotated as it, or a local alias of one), from a caller's
argument or from the object's own state (`self.x`) carries that origin. A view chain
(attribute, subscript, view-like or in-place method) keeps the *alias* reach: the write lands
in the origin's memory. Any other op makes a *derived* tensor: the write lands in a fresh
tensor computed from it (what #48143's clamp_ saved an allocation on). Tensor factories
(torch.zeros, arange, *_like, ...) make fresh tensors with no origin."""
import ast
from dataclasses import dataclass
from typing import Optional

CM_NAMES = {"common_attn_metadata", "cm", "common_metadata"}
VIEW_METHODS = {"view", "view_as", "narrow", "select", "squeeze", "unsqueeze", "expand", "expand_as",
                "t", "transpose", "permute", "unflatten", "as_strided", "diagonal", "unfold", "detach",
                "__getitem__"}
FACTORIES = {"zeros", "empty", "ones", "full", "arange", "zeros_like", "empty_like", "ones_like",
             "full_like", "rand", "randn", "randint", "linspace", "empty_strided", "eye"}
ALIAS, DERIVED = "alias", "derived"


@dataclass(frozen=True)
class Origin:
    kind: str  # "cm" (common attention metadata), "argument", "self"
    what: str  # "cm.block_table_tensor", "argument token_ids", "self.positions"
    reach: str  # ALIAS or DERIVED
    is_cm_object: bool = False  # the metadata object itself, not one of its fields


@dataclass(frozen=True)
class Write:
    line: int
    op: str  # "clamp_", "copy_", "out=", "[]=", ...
    receiver: str  # the written expression, as vLLM spells it
    origin: Origin


def is_inplace_method(name: str) -> bool:
    return name.endswith("_") and not name.startswith("_") and not name.endswith("__") and len(name) > 1


def _derived(origin: Optional[Origin]) -> Optional[Origin]:
    if origin is None or origin.is_cm_object:
        return None if origin is None else Origin("cm", "cm", DERIVED)
    return Origin(origin.kind, origin.what, DERIVED)


def _strongest(origins):
    """Of several origins of one value: an alias before a derivation, the metadata before an
    argument before the object's own state."""
    rank = {"cm": 0, "argument": 1, "self": 2}
    found = [o for o in origins if o is not None]
    return min(found, key=lambda o: (o.reach != ALIAS, rank[o.kind]), default=None)


class FunctionFlow:
    def __init__(self, fn: ast.FunctionDef):
        self.env = {}
        args = fn.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is None or a.arg in ("self", "cls"):
                continue
            annotation = ast.unparse(a.annotation) if a.annotation is not None else ""
            if a.arg in CM_NAMES or "CommonAttentionMetadata" in annotation:
                self.env[a.arg] = Origin("cm", "cm", ALIAS, is_cm_object=True)
            else:
                self.env[a.arg] = Origin("argument", f"argument {a.arg}", ALIAS)

    def origin(self, node) -> Optional[Origin]:
        if isinstance(node, ast.Name):
            return self.env.get(node.id)
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return Origin("self", f"self.{node.attr}", ALIAS)
            base = self.origin(node.value)
            if base is not None and base.is_cm_object:
                return Origin("cm", f"cm.{node.attr}", base.reach)
            return base
        if isinstance(node, ast.Subscript):
            return self.origin(node.value)
        if isinstance(node, ast.Starred):
            return self.origin(node.value)
        if isinstance(node, ast.Call):
            return self._call_origin(node)
        if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.IfExp,
                             ast.Tuple, ast.List)):
            return _derived(_strongest(self.origin(c) for c in ast.iter_child_nodes(node)))
        return None

    def _call_origin(self, node: ast.Call) -> Optional[Origin]:
        func = node.func
        if isinstance(func, ast.Attribute):
            name = func.attr
            if name in FACTORIES:
                return None
            receiver = self.origin(func.value)
            if (name in VIEW_METHODS or is_inplace_method(name)) and receiver is not None:
                return receiver if not receiver.is_cm_object else None
            if receiver is not None and not (isinstance(func.value, ast.Name) and func.value.id == "torch"):
                return _derived(receiver)
        elif isinstance(func, ast.Name) and func.id in FACTORIES:
            return None
        values = [*node.args, *(k.value for k in node.keywords if k.arg != "out")]
        return _derived(_strongest(self.origin(v) for v in values))

    def bind(self, target, origin):
        if isinstance(target, ast.Name):
            if origin is None:
                self.env.pop(target.id, None)
            else:
                self.env[target.id] = origin
        elif isinstance(target, (ast.Tuple, ast.List)):
            for t in target.elts:
                self.bind(t, _derived(origin))


def _calls(node):
    """The calls inside one expression or simple statement (not in nested defs), in source order."""
    found = [n for n in _walk_no_defs(node) if isinstance(n, ast.Call)]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def _walk_no_defs(node):
    yield node
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            yield from _walk_no_defs(child)


def _tensor_index(node: ast.Subscript) -> bool:
    """t[a:b] = v or t[i, j] = v: tensor-style indexing, not a dict's d[key] = v."""
    return isinstance(node.slice, (ast.Slice, ast.Tuple)) or any(
        isinstance(n, ast.Slice) for n in ast.walk(node.slice))


def writes(fn: ast.FunctionDef):
    """[Write] of `fn`: in-place method calls, out= arguments and sliced stores whose tensor
    has an origin, statement by statement (a statement's writes before its bindings)."""
    flow, found = FunctionFlow(fn), []

    def record(line, op, receiver):
        origin = flow.origin(receiver)
        if origin is not None and not origin.is_cm_object:
            found.append(Write(line, op, ast.unparse(receiver), origin))

    def filled(target, values):
        """A fresh tensor written from an origin's data (torch.add(x, out=y), y.copy_(x))
        comes from that origin from here on."""
        base = target
        while isinstance(base, (ast.Subscript, ast.Attribute)):
            base = base.value
        if isinstance(base, ast.Name) and base.id != "self" and base.id not in flow.env:
            origin = _derived(_strongest(flow.origin(v) for v in values))
            if origin is not None:
                flow.bind(base, origin)

    def record_calls(node):
        for call in _calls(node):
            if isinstance(call.func, ast.Attribute) and is_inplace_method(call.func.attr):
                record(call.lineno, call.func.attr, call.func.value)
                filled(call.func.value, [*call.args, *(k.value for k in call.keywords)])
            for k in call.keywords:
                if k.arg == "out" and not (isinstance(k.value, ast.Constant) and k.value.value is None):
                    record(call.lineno, "out=", k.value)
                    filled(k.value, [*call.args, *(kw.value for kw in call.keywords if kw.arg != "out")])

    def statement(node):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            return
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if node.value is not None:
                record_calls(node.value)
            for t in targets:
                if isinstance(t, ast.Subscript) and _tensor_index(t):
                    record(node.lineno, "[]=", t.value)
                    if node.value is not None:
                        filled(t.value, [node.value])
            if node.value is not None:
                origin = flow.origin(node.value)
                for t in targets:
                    flow.bind(t, origin)
            return
        if isinstance(node, ast.AugAssign):
            record_calls(node.value)
            if isinstance(node.target, ast.Subscript) and _tensor_index(node.target):
                record(node.lineno, "[]" + _OPS.get(type(node.op), "?") + "=", node.target.value)
            return
        headers = {ast.If: ["test"], ast.While: ["test"], ast.For: ["iter"], ast.AsyncFor: ["iter"],
                   ast.With: [], ast.AsyncWith: [], ast.Try: [], ast.Match: ["subject"]}
        if type(node) not in headers and not hasattr(node, "body"):
            record_calls(node)  # Expr, Return, Assert, ...
            for named in (n for n in _walk_no_defs(node) if isinstance(n, ast.NamedExpr)):
                flow.bind(named.target, flow.origin(named.value))
            return
        for field in headers.get(type(node), []):
            record_calls(getattr(node, field))
        for named in (n for f in headers.get(type(node), []) for n in _walk_no_defs(getattr(node, f))
                      if isinstance(n, ast.NamedExpr)):
            flow.bind(named.target, flow.origin(named.value))
        if isinstance(node, (ast.For, ast.AsyncFor)):
            flow.bind(node.target, flow.origin(node.iter))
        for item in getattr(node, "items", []):
            record_calls(item.context_expr)
            if item.optional_vars is not None:
                flow.bind(item.optional_vars, flow.origin(item.context_expr))
        for block in ("body", "orelse", "finalbody"):
            for child in getattr(node, block, []):
                statement(child)
        for handler in getattr(node, "handlers", []):
            for child in handler.body:
                statement(child)
        for case in getattr(node, "cases", []):
            for child in case.body:
                statement(child)

    for stmt in fn.body:
        statement(stmt)
    return found


_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
        ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>"}
