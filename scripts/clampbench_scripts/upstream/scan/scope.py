# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What `upstream.py scan` reads of a parsed tree: its metadata code.

Metadata code: the methods of metadata builders (a class named *Builder, or deriving from
one), of spec-decode proposers and speculators (*Proposer, *Speculator, *Drafter, and every
class of a spec_decode/ directory), except __init__ (it runs once, before anything is
shared); the functions defined inside that code; and the functions that code calls by name
(a module's own, or one defined in a function enclosing the caller), transitively. Classes
and functions are found at any depth: a builder class made by a factory function, a class in
a class, a function in a function, in if/try blocks too; a nested one is named as Python's
__qualname__ names it (`make_backend.<locals>.PooledBuilder.build`) and sees the names of
the function it is defined in, as bound where its def (or its class) statement is. Triton
kernels (@triton.jit) are not torch code and are skipped."""
import ast
import re

from ..vllm_code.definitions import functions

CLASS_ROLE = re.compile(r"(Builder|Proposer|Speculator|Drafter)$")


def _is_triton_kernel(fn):
    return any("jit" in ast.unparse(d) for d in fn.decorator_list)


def _in_scope_class(cls: ast.ClassDef, relpath: str):
    bases = [ast.unparse(b) for b in cls.bases]
    return bool(CLASS_ROLE.search(cls.name) or any(re.search(r"Builder\b", b) for b in bases)
                or "/spec_decode/" in relpath)


def called_names(fn):
    return {n.func.id if isinstance(n.func, ast.Name) else n.func.attr
            for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))}


def scope(modules):
    """[(relpath, Function)] of the metadata code of the parsed tree."""
    chosen, module_functions, local_functions = {}, {}, {}
    for relpath, tree in modules.items():
        for f in functions(tree):
            if _is_triton_kernel(f.node):
                continue
            if f.cls is not None:
                if f.node.name != "__init__" and _in_scope_class(f.cls, relpath):
                    chosen[(relpath, f.qualname, f.node.lineno)] = f
            elif not f.enclosing:
                module_functions.setdefault(f.node.name, []).append((relpath, f))
            else:
                local_functions.setdefault(id(f.enclosing[-1]), []).append((relpath, f))
    todo = list(chosen.items())
    while todo:
        _, caller = todo.pop()
        names = called_names(caller.node)
        # a function defined in the caller is part of its code; one defined in a function
        # enclosing the caller is callable from it by name, as a module's own function is
        found = list(local_functions.get(id(caller.node), []))
        found += [(p, f) for outer in caller.enclosing for p, f in local_functions.get(id(outer), [])
                  if f.node.name in names]
        found += [(p, f) for name in names for p, f in module_functions.get(name, [])]
        for p, f in found:
            key = (p, f.qualname, f.node.lineno)  # a name defined twice (if/else) is two functions
            if key not in chosen:
                chosen[key] = f
                todo.append((key, f))
    return [(key[0], chosen[key]) for key in sorted(chosen)]
