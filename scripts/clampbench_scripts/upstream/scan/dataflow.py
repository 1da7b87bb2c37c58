# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Where a tensor of one function comes from: data flow within the function, in source order.

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


def is_inplace_method(name: str) -> bool:
    return name.endswith("_") and not name.startswith("_") and not name.endswith("__") and len(name) > 1


def derived_from(origin: Optional[Origin]) -> Optional[Origin]:
    if origin is None or origin.is_cm_object:
        return None if origin is None else Origin("cm", "cm", DERIVED)
    return Origin(origin.kind, origin.what, DERIVED)


def strongest(origins):
    """Of several origins of one value: an alias before a derivation, the metadata before an
    argument before the object's own state."""
    rank = {"cm": 0, "argument": 1, "self": 2}
    found = [o for o in origins if o is not None]
    return min(found, key=lambda o: (o.reach != ALIAS, rank[o.kind]), default=None)


class FunctionFlow:
    def __init__(self, fn: ast.FunctionDef, outer=None):
        """OUTER: the names of the function `fn` is defined in ({name: Origin}), which a
        nested function or a method of a class defined in a function sees; its own
        parameters hide them."""
        self.env = dict(outer or {})
        args = fn.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is None:
                continue
            if a.arg in ("self", "cls"):
                self.env.pop(a.arg, None)
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
            return derived_from(strongest(self.origin(c) for c in ast.iter_child_nodes(node)))
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
                return derived_from(receiver)
        elif isinstance(func, ast.Name) and func.id in FACTORIES:
            return None
        values = [*node.args, *(k.value for k in node.keywords if k.arg != "out")]
        return derived_from(strongest(self.origin(v) for v in values))

    def bind(self, target, origin):
        if isinstance(target, ast.Name):
            if origin is None:
                self.env.pop(target.id, None)
            else:
                self.env[target.id] = origin
        elif isinstance(target, (ast.Tuple, ast.List)):
            for t in target.elts:
                self.bind(t, derived_from(origin))
