# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Finding a site in a release's text with `ast`, and compiling just that piece.

Compiled code keeps the release's file name and line numbers (registered with linecache), so a
traceback points into vLLM's file and Triton's interpreter can read a kernel's source."""
import __future__
import ast
import copy
import linecache
from dataclasses import dataclass


class ExtractError(Exception):
    """The file or function is not there (kind "missing"), or no longer parses ("unparseable")."""

    def __init__(self, message, kind="missing"):
        super().__init__(message)
        self.kind = kind


@dataclass
class Module:
    relpath: str
    filename: str  # "<vllm 0.25.0>/vllm/...py": what tracebacks and linecache show
    text: str
    tree: ast.Module


def parse_module(source, relpath: str) -> Module:
    try:
        text = source.read(relpath)
    except UnicodeDecodeError:
        raise ExtractError(f"{relpath}: cannot be read (not UTF-8 text)", "unparseable") from None
    if text is None:
        raise ExtractError(f"{relpath}: not in {source.label}")
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        raise ExtractError(f"{relpath}:{exc.lineno}: does not parse ({exc.msg})", "unparseable") from None
    except ValueError as exc:  # a NUL byte
        raise ExtractError(f"{relpath}: does not parse ({exc})", "unparseable") from None
    filename = f"<{source.label}>/{relpath}"
    linecache.cache[filename] = (len(text), None, text.splitlines(True), filename)
    return Module(relpath, filename, text, tree)


def find_function(module: Module, qualnames):
    """(FunctionDef, class name or None) of the first of `qualnames` ("Class.method" or
    "function") defined at the top of the module."""
    for qualname in qualnames:
        owner, _, name = qualname.rpartition(".")
        for node in module.tree.body:
            if not owner and isinstance(node, ast.FunctionDef) and node.name == name:
                return node, None
            if owner and isinstance(node, ast.ClassDef) and node.name == owner:
                for item in node.body:
                    if isinstance(item, ast.FunctionDef) and item.name == name:
                        return item, owner
    raise ExtractError(f"{module.relpath}: none of {', '.join(qualnames)} is defined")


def find_top_level(module: Module, name: str) -> ast.stmt:
    """A top-level def, class or assignment named `name`."""
    for node in module.tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name == name:
            return node
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                return node
    raise ExtractError(f"{module.relpath}: no top-level {name}")


def with_dependencies(module: Module, names, given=()):
    """The top-level definitions `names` plus every top-level definition of the same module
    they use by name, transitively, in file order: a kernel's launcher brings its kernel.
    Names in `given` are provided by the caller (stand-ins) and not taken from the module."""
    wanted, todo = set(), list(names)
    while todo:
        name = todo.pop()
        if name in wanted or name in given:
            continue
        node = find_top_level(module, name)
        wanted.add(name)
        used = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
        todo.extend(u for u in used if u not in wanted and _defines(module, u))
    return [n for n in module.tree.body if _defined_names(n) & wanted]


def _defined_names(node):
    if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, (ast.Assign, ast.AnnAssign)):
        return assigned_names(node)
    return set()


def _defines(module, name):
    return any(name in _defined_names(n) for n in module.tree.body)


def stdlib_imports(module: Module):
    """The module's top-level imports of the standard library (dataclass, inspect, ...): what
    its code may use besides torch, numpy and vLLM."""
    import sys
    out = []
    for node in module.tree.body:
        if isinstance(node, ast.Import):
            roots = {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots = {node.module.split(".")[0]}
        else:
            continue
        if roots <= set(sys.stdlib_module_names) - {"__future__"}:
            out.append(node)
    return out


def find_if(module: Module, scope: ast.AST, needle: str) -> ast.If:
    """The first `if` inside `scope` whose condition's text contains `needle`."""
    for node in ast.walk(scope):
        if isinstance(node, ast.If) and needle in ast.get_source_segment(module.text, node.test):
            return node
    raise ExtractError(f"{module.relpath}: no `if` testing {needle!r} in {getattr(scope, 'name', 'scope')}")


def assigned_names(stmt: ast.stmt):
    targets = stmt.targets if isinstance(stmt, ast.Assign) else [getattr(stmt, "target", None)]
    return {n.id for t in targets if t is not None for n in ast.walk(t) if isinstance(n, ast.Name)}


def statements_between(module: Module, scope: ast.AST, first: str, last: str):
    """The statements of one block of `scope`, from the one assigning `first` through the one
    assigning `last` (both included)."""
    for node in ast.walk(scope):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        starts = [i for i, s in enumerate(body) if first in assigned_names(s)]
        ends = [i for i, s in enumerate(body) if last in assigned_names(s)]
        if starts and ends and ends[-1] >= starts[0]:
            return body[starts[0]:ends[-1] + 1]
    raise ExtractError(f"{module.relpath}: no block from `{first} = ...` to `{last} = ...`")


def clamp_calls(module: Module, scope: ast.AST):
    """[(form, first line, last line)] for every clamp call in `scope`: "clamp_" for
    `x.clamp_(...)`, "clamp" for `x.clamp(...)` and `torch.clamp(...)`."""
    calls = []
    for node in ast.walk(scope):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in ("clamp", "clamp_"):
            calls.append((node.func.attr, node.lineno, node.end_lineno))
    return sorted(calls, key=lambda c: c[1])


def compile_code(module: Module, nodes):
    """`nodes` (deep copies) compiled as one module body under the release's file name, for
    running many times (exec) in fresh namespaces: a block of statements, say."""
    tree = ast.fix_missing_locations(ast.Module(body=[copy.deepcopy(n) for n in nodes], type_ignores=[]))
    # Annotations stay unevaluated (PEP 563): they name vLLM types that are not here.
    return compile(tree, module.filename, "exec", flags=__future__.annotations.compiler_flag,
                   dont_inherit=True)


def compile_nodes(module: Module, nodes, namespace: dict, class_name=None, base=None) -> dict:
    """Executes `nodes` (deep copies) in `namespace`, under the release's file name. With
    `class_name`, the nodes become the body of `class class_name(base)`, so that a method's
    zero-argument super() works as in vLLM; the class is bound in the namespace."""
    body = list(nodes)
    if class_name is not None:
        namespace["__clampbench_base__"] = base if base is not None else object
        cls = ast.ClassDef(name=class_name, bases=[ast.Name("__clampbench_base__", ast.Load())],
                           keywords=[], body=[copy.deepcopy(n) for n in body], decorator_list=[])
        ast.copy_location(cls, body[0])
        body = [cls]
    exec(compile_code(module, body), namespace)
    return namespace
