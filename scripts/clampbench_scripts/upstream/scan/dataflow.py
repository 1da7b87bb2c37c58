# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Where a tensor of one function comes from: data flow within the function, in source order.

A name bound from the common attention metadata (a parameter named or annotated as it, or a
local alias of one), from a caller's argument or from the object's own state (`self.x`)
carries that origin. Each value has a *reach*, which says whether a write into it can land
in memory another reader holds:

- *alias*: the origin's own memory. A view chain keeps it: an attribute, a basic index or
  slice, a view method or function (`view`, `reshape`, `flatten`, `split`, `torch.narrow`,
  ...: PyTorch's view ops, and `contiguous`, which returns its receiver when it can), an
  in-place method (it returns its receiver), a call's `out=` tensor, the metadata copied by
  `replace`/`unpadded` (which share every field), one of `a if c else b`, `a or b`, an
  element of a tuple or list.
- *derived*: a fresh tensor computed from the origin: arithmetic, a comparison, an
  out-of-place tensor method (`clone`, `cumsum`, `masked_fill`, ...), a `torch.*` or `np.*`
  function that is not a view, an advanced index `t[mask]` or `t[index_tensor]` (a copy), a
  local name filled by `out=` or `copy_` after a factory made it. No other reader holds it.
- *unknown*: a call that may return its input or a view of it: a conversion that returns
  its receiver when nothing changes (`to`, `float`, `cuda`, `torch.as_tensor`), a dict's
  `get`, a method of the metadata object other than `replace` and `unpadded`, and any
  function or method that is not PyTorch's or NumPy's (vLLM's own helpers, a builder's
  `self.build(...)`): what they return is decided in code this analysis does not read. A
  call through which every value is fresh stays derived. A global's or closure's name
  filled from an origin's data (`out=`, `copy_`) is unknown too (writes.py).

Tensor factories (torch.zeros, arange, *_like, ...) make fresh tensors with no origin: writes
into them are not listed. A value is *known to be a tensor* (for masked stores and `x += y`,
writes.py) when it is a mask (a comparison, `~m`, `m & n`), a `torch.*`/`np.*` call, a field
of the metadata object that is not one of its scalars (CM_SCALARS), a known tensor's method
result, slice or arithmetic, or a name bound to one of these."""
import ast
from dataclasses import dataclass
from typing import Optional

CM_NAMES = {"common_attn_metadata", "cm", "common_metadata"}
# CommonAttentionMetadata's fields that are not tensors or arrays (vLLM 0.34.0,
# vllm/v1/attention/backend.py); every other field of it is known to be a tensor.
CM_SCALARS = {"num_reqs", "num_actual_tokens", "max_query_len", "max_seq_len", "causal", "num_logits_indices",
              "max_logits_per_req", "mm_req_doc_ranges"}
# Methods whose result is a view of the receiver (PyTorch's view ops, NumPy's alike).
VIEW_METHODS = {"view", "view_as", "narrow", "select", "squeeze", "unsqueeze", "expand", "expand_as",
                "t", "transpose", "permute", "unflatten", "as_strided", "diagonal", "unfold", "detach",
                "__getitem__", "reshape", "reshape_as", "flatten", "ravel", "contiguous", "split", "chunk",
                "unbind", "tensor_split", "split_with_sizes", "movedim", "moveaxis", "swapaxes", "swapdims",
                "view_as_real", "view_as_complex", "numpy", "hsplit", "vsplit", "dsplit"}
VIEW_FUNCTIONS = VIEW_METHODS | {"from_numpy", "broadcast_to", "frombuffer"}  # torch.X(t, ...), np.X(t, ...)
# Methods that return the receiver itself when there is nothing to convert (or a stored object).
MAYBE_SAME_METHODS = {"to", "type", "type_as", "float", "double", "half", "bfloat16", "int", "long", "short",
                      "bool", "byte", "char", "cuda", "cpu", "pin_memory", "as_subclass", "get", "pop",
                      "setdefault"}
MAYBE_SAME_FUNCTIONS = {"as_tensor", "asarray", "asanyarray", "ascontiguousarray", "atleast_1d", "atleast_2d"}
# Out-of-place tensor (and ndarray) methods: each returns a new tensor.
FRESH_METHODS = {
    "clone", "copy", "sum", "cumsum", "cumprod", "diff", "max", "min", "amax", "amin", "argmax", "argmin", "mean",
    "prod", "abs", "neg", "add", "sub", "mul", "div", "true_divide", "floor_divide", "remainder", "fmod", "pow",
    "square", "sqrt", "exp", "log", "ceil", "floor", "round", "sign", "reciprocal", "minimum", "maximum",
    "clamp", "clip", "clamp_min", "clamp_max", "masked_fill", "masked_scatter", "masked_select", "index_put",
    "index_fill", "index_select", "index_copy", "index_add", "scatter", "scatter_add", "scatter_reduce",
    "gather", "take", "take_along_dim", "where", "repeat", "repeat_interleave", "tile", "flip", "roll", "sort",
    "argsort", "topk", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_not",
    "logical_xor", "bitwise_and", "bitwise_or", "bitwise_not", "bitwise_xor", "nonzero", "any", "all",
    "count_nonzero", "unique", "unique_consecutive", "bincount", "cummax", "cummin", "searchsorted",
    "bucketize", "astype", "tolist", "item", "matmul", "mm", "bmm", "nan_to_num"}
# What a tensor method returns that is not a tensor (not a mask or index).
SCALAR_METHODS = {"item", "tolist", "size", "dim", "numel", "nelement", "stride", "data_ptr", "element_size",
                  "is_contiguous", "storage_offset", "any", "all"}
FACTORIES = {"zeros", "empty", "ones", "full", "arange", "zeros_like", "empty_like", "ones_like",
             "full_like", "rand", "randn", "randint", "linspace", "empty_strided", "eye", "new_zeros",
             "new_empty", "new_ones", "new_full"}
LIBRARIES = {"torch", "np", "numpy"}  # module names whose functions are library ops
# Builtins: those of a scalar (no tensor flows out), those handing back what they were given.
SCALAR_BUILTINS = {"len", "range", "int", "float", "bool", "str", "isinstance", "issubclass", "hasattr",
                   "callable", "id", "hash", "repr", "print", "type", "round", "divmod", "format"}
PASSING_BUILTINS = {"zip", "enumerate", "reversed", "iter", "next", "list", "tuple", "sorted", "max", "min"}
FRESH_BUILTINS = {"sum", "abs", "pow"}
CM_COPIES = {"replace", "unpadded"}  # the metadata's methods returning it with the same fields
ALIAS, UNKNOWN, DERIVED = "alias", "unknown", "derived"
# The class a write has for a reviewer, by the reach of the tensor written.
HAZARD, FRESH = "hazard", "fresh"
CLASS_OF_REACH = {ALIAS: HAZARD, UNKNOWN: UNKNOWN, DERIVED: FRESH}
CLASSES = (HAZARD, UNKNOWN, FRESH)  # the order a list gives them in


@dataclass(frozen=True)
class Origin:
    kind: str  # "cm" (common attention metadata), "argument", "self"
    what: str  # "cm.block_table_tensor", "argument token_ids", "self.positions"
    reach: str  # ALIAS, UNKNOWN or DERIVED
    is_cm_object: bool = False  # the metadata object itself, not one of its fields
    through: str = ""  # UNKNOWN: what its value came out of ("self.build()", "x.to()", "global BUF")


def is_inplace_method(name: str) -> bool:
    return name.endswith("_") and not name.startswith("_") and not name.endswith("__") and len(name) > 1


def derived_from(origin: Optional[Origin]) -> Optional[Origin]:
    if origin is None or origin.is_cm_object:
        return None if origin is None else Origin("cm", "cm", DERIVED)
    return Origin(origin.kind, origin.what, DERIVED)


def unknown_from(origin: Optional[Origin], through: str) -> Optional[Origin]:
    """What a call that may hand back its input makes of ORIGIN: a fresh value stays fresh."""
    if origin is None or origin.reach == DERIVED:
        return origin
    return Origin(origin.kind, "cm" if origin.is_cm_object else origin.what, UNKNOWN, through=through)


def strongest(origins):
    """Of several origins of one value: an alias before an unknown before a derivation, the
    metadata before an argument before the object's own state."""
    rank = {"cm": 0, "argument": 1, "self": 2}
    reach = {ALIAS: 0, UNKNOWN: 1, DERIVED: 2}
    found = [o for o in origins if o is not None]
    return min(found, key=lambda o: (reach[o.reach], rank[o.kind]), default=None)


def _root(node):
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


class FunctionFlow:
    def __init__(self, fn: ast.FunctionDef, outer=None, callee=None):
        """OUTER: the names of the function `fn` is defined in ({name: Origin}), which a
        nested function or a method of a class defined in a function sees; its own
        parameters hide them. CALLEE: (call, flow) -> the fields of the object a
        `self.method(...)` or `function(...)` call returns, in this function's origins, or
        None (returns.py)."""
        self.callee = callee
        self.objects = {}  # name -> {field: Origin or None}: an object whose fields are known
        self.env = dict(outer or {})
        self.local = set()  # the names this function has bound (not a global's or a closure's)
        self.tensors = set()  # the names known to hold a tensor
        self.attrs = {}  # "chunk.starts": the origin of an attribute a statement of here assigned
        args = fn.args
        for a in [*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg]:
            if a is None:
                continue
            self.local.add(a.arg)
            if a.arg in ("self", "cls"):
                self.env.pop(a.arg, None)
                continue
            annotation = ast.unparse(a.annotation) if a.annotation is not None else ""
            if a.arg in CM_NAMES or "CommonAttentionMetadata" in annotation:
                self.env[a.arg] = Origin("cm", "cm", ALIAS, is_cm_object=True)
            else:
                self.env[a.arg] = Origin("argument", f"argument {a.arg}", ALIAS)
                if "Tensor" in annotation or "ndarray" in annotation:
                    self.tensors.add(a.arg)

    def origin(self, node) -> Optional[Origin]:
        if isinstance(node, ast.Name):
            return self.env.get(node.id)
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id == "self":
                return Origin("self", f"self.{node.attr}", ALIAS)
            key = ast.unparse(node)
            if key in self.attrs:
                return self.attrs[key]
            fields = self.fields_of(node.value) if isinstance(node.value, ast.Call) else None
            if fields is not None and node.attr in fields:  # self.build(...).seq_lens
                return fields[node.attr]
            base = self.origin(node.value)
            if base is not None and base.is_cm_object:
                return Origin("cm", f"cm.{node.attr}", base.reach)
            return base
        if isinstance(node, ast.Subscript):
            base = self.origin(node.value)
            return derived_from(base) if self.is_tensor(node.slice) else base  # t[mask]: a copy
        if isinstance(node, ast.Starred):
            return self.origin(node.value)
        if isinstance(node, ast.Call):
            return self._call_origin(node)
        if isinstance(node, ast.IfExp):
            return strongest([self.origin(node.body), self.origin(node.orelse)])
        if isinstance(node, (ast.BoolOp, ast.Tuple, ast.List)):  # one of them; a container of them
            return strongest(self.origin(c) for c in (node.values if isinstance(node, ast.BoolOp) else node.elts))
        if isinstance(node, ast.NamedExpr):
            return self.origin(node.value)
        if isinstance(node, (ast.BinOp, ast.UnaryOp, ast.Compare)):
            return derived_from(strongest(self.origin(c) for c in ast.iter_child_nodes(node)))
        return None

    def _call_origin(self, node: ast.Call) -> Optional[Origin]:
        func = node.func
        for k in node.keywords:  # torch.add(a, b, out=c) returns c
            if k.arg == "out" and not (isinstance(k.value, ast.Constant) and k.value.value is None):
                return self.origin(k.value)
        values = [*node.args, *(k.value for k in node.keywords)]
        args = strongest(self.origin(v) for v in values)
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
        if name in FACTORIES:
            return None
        if isinstance(func, ast.Attribute) and self._library(func):  # torch.diff(x), np.asarray(x)
            first = self.origin(node.args[0]) if node.args else None
            if name in VIEW_FUNCTIONS:
                return first if first is not None and not first.is_cm_object else args
            if name in MAYBE_SAME_FUNCTIONS:
                return unknown_from(first, ast.unparse(func) + "()")
            return derived_from(args)
        if isinstance(func, ast.Attribute):
            receiver = self.origin(func.value)
            if receiver is not None and receiver.is_cm_object:
                if name in CM_COPIES:
                    return receiver
                return unknown_from(strongest([receiver, args]), ast.unparse(func) + "()")
            if receiver is None:  # a method of a fresh tensor, of self, of a module
                if name in VIEW_METHODS or name in MAYBE_SAME_METHODS or name in FRESH_METHODS \
                        or is_inplace_method(name):
                    return derived_from(args)
                return unknown_from(args, ast.unparse(func) + "()")
            if name in VIEW_METHODS or is_inplace_method(name):
                return receiver
            if name in MAYBE_SAME_METHODS:
                return unknown_from(receiver, ast.unparse(func) + "()")
            if name in FRESH_METHODS:
                return derived_from(strongest([receiver, args]))
            return unknown_from(strongest([receiver, args]), ast.unparse(func) + "()")
        if name in SCALAR_BUILTINS:
            return None
        if name in PASSING_BUILTINS:
            return args
        if name in FRESH_BUILTINS:
            return derived_from(args)
        return unknown_from(args, ast.unparse(func) + "()")

    def _library(self, func: ast.Attribute) -> bool:
        """Whether FUNC is a function of torch or NumPy (a name of here does not hide them)."""
        return _root(func) in LIBRARIES and _root(func) not in self.env

    def is_tensor(self, node) -> bool:
        """Whether NODE is known to be a tensor (or an ndarray): a mask, a library call's
        result, a known tensor's slice, arithmetic or method result."""
        if isinstance(node, ast.Compare):
            return True
        if isinstance(node, ast.UnaryOp):
            return isinstance(node.op, ast.Invert) or self.is_tensor(node.operand)
        if isinstance(node, ast.BinOp):
            return self.is_tensor(node.left) or self.is_tensor(node.right)
        if isinstance(node, ast.Name):
            return node.id in self.tensors
        if isinstance(node, ast.Attribute):  # cm.seq_lens
            base = self.origin(node.value)
            return base is not None and base.is_cm_object and node.attr not in CM_SCALARS
        if isinstance(node, ast.Subscript):
            return self.is_tensor(node.value)
        if isinstance(node, ast.NamedExpr):
            return self.is_tensor(node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            func = node.func
            if func.attr in SCALAR_METHODS:
                return False
            if self._library(func):
                return func.attr not in SCALAR_BUILTINS and not func.attr.startswith("is_")
            return self.is_tensor(func.value)
        return False

    def fields_of(self, node) -> Optional[dict]:
        """{field: Origin or None} of the object NODE is, where known: a class called with
        keywords (a dataclass, as vLLM's metadata classes are, keeps them as its fields), a
        name bound to one, or what a `self.method(...)` call returns (CALLEE); else None."""
        if isinstance(node, ast.Name):
            return self.objects.get(node.id)
        if isinstance(node, ast.Attribute):  # meta.chunks: the fields under that name
            base = self.fields_of(node.value) or {}
            prefix = node.attr + "."
            inner = {k[len(prefix):]: v for k, v in base.items() if k.startswith(prefix)}
            return inner or None
        if not isinstance(node, ast.Call):
            return None
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name.lstrip("_")[:1].isupper() and node.keywords and all(k.arg for k in node.keywords):
            fields = {}
            for k in node.keywords:
                fields[k.arg] = self.origin(k.value)
                fields.update((f"{k.arg}.{sub}", v) for sub, v in (self.fields_of(k.value) or {}).items())
            return fields
        own_method = isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id == "self"
        if self.callee is not None and (own_method or isinstance(func, ast.Name)):
            return self.callee(node, self)
        return None

    def elements_of(self, node) -> Optional[dict]:
        """The fields of the objects the list NODE holds (`chunks.append(Chunk(...))`), or None."""
        fields = self.fields_of(node) or {}
        inner = {k[3:]: v for k, v in fields.items() if k.startswith("[].")}
        return inner or None

    def set_object(self, name, fields):
        """NAME holds an object of FIELDS from here on; its attributes take their origins."""
        self.objects[name] = fields
        self.attrs.update((f"{name}.{k}", v) for k, v in fields.items() if "[]" not in k)

    def note_append(self, call):
        """`NAME.append(X)` on a local list: X's fields are its elements' from here on."""
        target = call.func.value
        if len(call.args) != 1 or not isinstance(target, ast.Name) or target.id not in self.local:
            return
        fields = self.fields_of(call.args[0])
        if fields:
            merged = dict(self.objects.get(target.id) or {})
            merged.update((f"[].{k}", v) for k, v in fields.items())
            self.objects[target.id] = merged

    def bind(self, target, origin, value=None):
        """TARGET = VALUE (of ORIGIN). An attribute of a local object (`chunk.starts = ...`)
        takes the value's origin from here on; one of `self` or of the metadata object does
        not (it stays what others read). A name bound to an object whose fields are known
        (fields_of) has those fields' origins."""
        tensor = value is not None and self.is_tensor(value)
        if isinstance(target, ast.Name):
            self.local.add(target.id)
            self.attrs = {k: v for k, v in self.attrs.items() if not k.startswith(target.id + ".")}
            if origin is None:
                self.env.pop(target.id, None)
            else:
                self.env[target.id] = origin
            (self.tensors.add if tensor else self.tensors.discard)(target.id)
            fields = self.fields_of(value) if value is not None else None
            if fields is None:
                self.objects.pop(target.id, None)
            else:
                self.set_object(target.id, fields)
        elif isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                and target.value.id in self.local and target.value.id != "self":
            base = self.env.get(target.value.id)
            if base is None or not base.is_cm_object:
                self.attrs[ast.unparse(target)] = origin
        elif isinstance(target, (ast.Tuple, ast.List)):
            values = value.elts if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts) \
                and not any(isinstance(e, ast.Starred) for e in target.elts) else None
            origins = [self.origin(v) for v in values] if values is not None else None  # a, b = b, a
            for i, t in enumerate(target.elts):
                if values is not None:
                    self.bind(t, origins[i], values[i])
                else:
                    self.bind(t, origin)
                    if tensor and isinstance(t, ast.Name) and isinstance(value, ast.Call):
                        self.tensors.add(t.id)  # a, b = torch.sort(x)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, origin)
