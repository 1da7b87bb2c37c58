# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Where a module defines its functions, at any depth: the defs and classes of a body through
its if/try/with/for/match blocks, and every function and method of a module named as Python's
__qualname__ names it (`make_backend.<locals>.PooledBuilder.build`). The scan reads metadata
code through these, and a site finds a function-local builder class with them."""
import ast
from dataclasses import dataclass
from typing import Optional, Tuple

DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def child_defs(node):
    """The defs and classes in NODE's body, through its if/try/with/for/match blocks, not
    inside another def or class."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, DEFS):
            yield child
        elif isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
            yield from child_defs(child)


@dataclass(frozen=True)
class Function:
    qualname: str  # as Python's __qualname__: "Builder.build", "factory.<locals>.Builder.build"
    node: ast.FunctionDef
    cls: Optional[ast.ClassDef]  # the class it is a method of
    enclosing: Tuple[ast.FunctionDef, ...]  # the functions it is defined in, outermost first


def functions(tree):
    """[Function] of a module at any depth: its functions and methods, and the classes and
    functions defined in them."""
    out = []

    def visit(node, prefix, cls, enclosing):
        for child in child_defs(node):
            if isinstance(child, ast.ClassDef):
                visit(child, f"{prefix}{child.name}.", child, enclosing)
            else:
                out.append(Function(prefix + child.name, child, cls, enclosing))
                visit(child, f"{prefix}{child.name}.<locals>.", None, (*enclosing, child))
    visit(tree, "", None, ())
    return out
