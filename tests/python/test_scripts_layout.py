# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/clampbench_scripts is layered as the C++ tree is (test_tree_layout.py): its packages
(common, history, compare, gate, upstream, ...) import one another one way, `common` at the
bottom importing none of them, and no two of its modules import each other, even through
others. Imports are read with ast, relative ones resolved, so a lazy import inside a function
counts as much as one at the top."""
import ast
from pathlib import Path

from clampbench_testing import ROOT
from test_harness_layout import reach

PACKAGE = Path(ROOT) / "scripts" / "clampbench_scripts"


def module_name(path):
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path):
    """The clampbench_scripts modules (or packages) PATH imports, by dotted name."""
    package = module_name(path).split(".") if path.name == "__init__.py" else module_name(path).split(".")[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("clampbench_scripts"))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1] + (node.module.split(".") if node.module else [])
            elif (node.module or "").startswith("clampbench_scripts"):
                base = node.module.split(".")
            else:
                continue
            for alias in node.names:  # `from x import y`: module y of package x, else a name of x
                sub = PACKAGE.parent.joinpath(*base, alias.name)
                found.add(".".join([*base, alias.name] if sub.is_dir() or sub.with_suffix(".py").is_file() else base))
    return found


def module_edges():
    edges = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        me = module_name(path)
        edges.setdefault(me, set()).update(m for m in imported(path) if m != me)
    return edges


def package_edges(edges):
    """{first-level package: the first-level packages its modules import}."""
    top = {}
    for a, targets in edges.items():
        for b in targets:
            pa, pb = (a.split(".") + [""])[1], (b.split(".") + [""])[1]
            if pa and pb and pa != pb:
                top.setdefault(pa, set()).add(pb)
    return top


def cycles(edges):
    return sorted((a, b) for a, targets in edges.items() for b in targets if a in reach(edges, b))


def test_no_two_modules_import_each_other():
    edges = module_edges()
    assert len(edges) > 50, "the scan found almost no modules"
    assert cycles(edges) == []


def test_the_packages_import_one_way_and_common_none():
    top = package_edges(module_edges())
    assert {"common", "compare", "gate", "history", "upstream"} <= set(top) | {"common"}
    assert cycles(top) == []
    assert top.get("common", set()) == set()


def test_the_cycle_check_sees_a_cycle_through_another_module():
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(edges) == [("a", "b"), ("b", "c"), ("c", "a")]
    assert package_edges({"clampbench_scripts.gate.x": {"clampbench_scripts.common.y"}}) == {"gate": {"common"}}
