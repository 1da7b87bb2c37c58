# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The in-place tensor writes of one function (`*_()` methods, `index_put_`, `masked_fill_` and
the other in-place methods included; `out=` arguments; stores into a subscript, `t[a:b] = v`,
masked and indexed `t[mask] = v`, `t[idx] += v`; `x += y` on a name known to hold a tensor),
each with the origin of the tensor written (dataflow.py).

A store `t[k] = v` is a tensor's when the index is a slice or a tuple, or a mask or index
tensor (a comparison, `~m`, `m & n`, a name bound to one, a torch call), or `t` is itself
known to be a tensor or is a field of the common attention metadata (or a view of one). Not
listed: a store whose index is a string, or a name or call not known as a tensor into a
container not known as one (a dict's `d[k] = v` looks the same); `x += y` on a name not
known to hold a tensor, or on an attribute (`cm.max_seq_len += n` is an int's).

A write's line is the write's own: the line of the method's name (`.clamp_(` in a statement
spanning lines), of the `out=` argument, of the stored-into subscript. Its statement is the
simple statement holding it (or the header of an `if`/`for`/`while`/`with`), as ast.unparse
spells it: comments, line breaks and spacing do not count."""
import ast
from dataclasses import dataclass

from ..vllm_code.definitions import DEFS, child_defs
from .dataflow import ALIAS, UNKNOWN, FunctionFlow, Origin, derived_from, is_inplace_method, strongest



@dataclass(frozen=True)
class Write:
    line: int
    op: str  # "clamp_", "copy_", "out=", "[]=", ...
    receiver: str  # the written expression, as vLLM spells it
    origin: Origin
    statement: str  # the statement holding the write, normalized by ast.unparse


def _calls(node):
    """The calls inside one expression or simple statement (not in nested defs), in source order."""
    found = [n for n in _walk_no_defs(node) if isinstance(n, ast.Call)]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def _walk_no_defs(node):
    yield node
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (*DEFS, ast.Lambda)):
            yield from _walk_no_defs(child)


def _tensor_index(node: ast.Subscript) -> bool:
    """t[a:b] = v or t[i, j] = v: tensor-style indexing, not a dict's d[key] = v."""
    return isinstance(node.slice, (ast.Slice, ast.Tuple)) or any(
        isinstance(n, ast.Slice) for n in ast.walk(node.slice))


def _tensor_store(flow: FunctionFlow, node: ast.Subscript) -> bool:
    """Whether storing into NODE writes a tensor: a sliced or tuple index, a mask or index
    tensor, a receiver known to be a tensor or a metadata field's memory; never a string key."""
    if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
        return False
    if _tensor_index(node) or flow.is_tensor(node.slice) or flow.is_tensor(node.value):
        return True
    origin = flow.origin(node.value)
    return origin is not None and origin.kind == "cm" and origin.reach == ALIAS and not origin.is_cm_object


def _defs_in(node):
    """The functions a def or class statement defines, its classes' methods included."""
    if isinstance(node, ast.ClassDef):
        for child in child_defs(node):
            yield from _defs_in(child)
    else:
        yield node


def analyse(fn: ast.FunctionDef, outer=None, callee=None):
    """([Write] of `fn`, {id(def): its names}): the in-place method calls, out= arguments and
    sliced stores of `fn` whose tensor has an origin, statement by statement (a statement's
    writes before its bindings); and for each function `fn` defines (nested functions, methods
    of nested classes) the names it sees, as bound where its def or class statement is.
    OUTER: the names `fn` sees from the function it is defined in (a closure's); CALLEE: what
    its `self.method(...)` calls return (FunctionFlow, returns.py)."""
    scan = FunctionScan(FunctionFlow(fn, outer, callee))
    for stmt in fn.body:
        scan.statement(stmt)
    return scan.found, scan.defined


# The fields of a compound statement's header that are expressions evaluated where it stands.
_HEADERS = {ast.If: ["test"], ast.While: ["test"], ast.For: ["iter"], ast.AsyncFor: ["iter"],
            ast.With: [], ast.AsyncWith: [], ast.Try: [], ast.Match: ["subject"]}


class FunctionScan:
    """One pass over a function's statements in order: the writes found so far, the names each
    nested def sees, the origins bound so far (FLOW), and the fields of what each `return`
    hands back (None where they are not known)."""

    def __init__(self, flow):
        self.flow, self.found, self.defined, self.returns = flow, [], {}, []

    def record(self, line, op, receiver, text):
        origin = self.flow.origin(receiver)
        if origin is not None and not origin.is_cm_object:
            self.found.append(Write(line, op, ast.unparse(receiver), origin, text))

    def filled(self, target, values):
        """A fresh tensor written from an origin's data (torch.add(x, out=y), y.copy_(x))
        comes from that origin from here on: derived where this function made it (a
        factory's), unknown where it is a global's or a closure's."""
        base = target
        while isinstance(base, (ast.Subscript, ast.Attribute)):
            base = base.value
        if isinstance(base, ast.Name) and base.id != "self" and base.id not in self.flow.env:
            origin = derived_from(strongest(self.flow.origin(v) for v in values))
            if origin is not None and base.id not in self.flow.local:
                origin = Origin(origin.kind, origin.what, UNKNOWN, through=f"global {base.id}")
            if origin is not None:
                tensor = base.id in self.flow.tensors
                self.flow.bind(base, origin)
                if tensor:
                    self.flow.tensors.add(base.id)

    def record_calls(self, node, text=None):
        text = ast.unparse(node) if text is None else text
        for call in _calls(node):
            if isinstance(call.func, ast.Attribute) and call.func.attr == "append":
                self.flow.note_append(call)
            if isinstance(call.func, ast.Attribute) and is_inplace_method(call.func.attr):
                self.record(call.func.end_lineno, call.func.attr, call.func.value, text)
                self.filled(call.func.value, [*call.args, *(k.value for k in call.keywords)])
            for k in call.keywords:
                if k.arg == "out" and not (isinstance(k.value, ast.Constant) and k.value.value is None):
                    self.record(k.lineno, "out=", k.value, text)
                    self.filled(k.value, [*call.args, *(kw.value for kw in call.keywords if kw.arg != "out")])

    def bind_walrus(self, nodes):
        for named in (n for node in nodes for n in _walk_no_defs(node) if isinstance(n, ast.NamedExpr)):
            self.flow.bind(named.target, self.flow.origin(named.value), named.value)

    def statement(self, node):
        if isinstance(node, DEFS):
            self.defined.update((id(d), dict(self.flow.env)) for d in _defs_in(node))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            self.assignment(node)
        elif isinstance(node, ast.AugAssign):
            self.augmented_assignment(node)
        elif isinstance(node, ast.Return):
            self.record_calls(node)
            self.returns.append(self.flow.fields_of(node.value) if node.value is not None else None)
        elif type(node) not in _HEADERS and not hasattr(node, "body"):
            self.record_calls(node)  # Expr, Return, Assert, ...
            self.bind_walrus([node])
        else:
            self.compound(node)

    def assignment(self, node):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        text = ast.unparse(node)
        if node.value is not None:
            self.record_calls(node.value, text)
        for t in targets:
            if isinstance(t, ast.Subscript) and _tensor_store(self.flow, t):
                self.record(t.lineno, "[]=", t.value, text)
                if node.value is not None:
                    self.filled(t.value, [node.value])
        if node.value is not None:
            origin = self.flow.origin(node.value)
            for t in targets:
                self.flow.bind(t, origin, node.value)

    def augmented_assignment(self, node):
        text = ast.unparse(node)
        self.record_calls(node.value, text)
        op = _OPS.get(type(node.op), "?") + "="
        if isinstance(node.target, ast.Subscript) and _tensor_store(self.flow, node.target):
            self.record(node.target.lineno, "[]" + op, node.target.value, text)
        elif isinstance(node.target, ast.Name) and self.flow.is_tensor(node.target):
            self.record(node.target.lineno, op, node.target, text)

    def compound(self, node):
        """A statement with a body: its header's expressions, then every block in order."""
        header = [getattr(node, field) for field in _HEADERS.get(type(node), [])]
        for expr in header:
            self.record_calls(expr)
        self.bind_walrus(header)
        if isinstance(node, (ast.For, ast.AsyncFor)):
            self.flow.bind(node.target, self.flow.origin(node.iter))
            elements = self.flow.elements_of(node.iter)
            if elements is not None and isinstance(node.target, ast.Name):
                self.flow.set_object(node.target.id, elements)
        for item in getattr(node, "items", []):
            self.record_calls(item.context_expr)
            if item.optional_vars is not None:
                self.flow.bind(item.optional_vars, self.flow.origin(item.context_expr))
        blocks = [getattr(node, block, []) for block in ("body", "orelse", "finalbody")]
        blocks += [handler.body for handler in getattr(node, "handlers", [])]
        blocks += [case.body for case in getattr(node, "cases", [])]
        for block in blocks:
            for child in block:
                self.statement(child)


_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
        ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^", ast.LShift: "<<", ast.RShift: ">>"}
