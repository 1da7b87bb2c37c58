# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The package's imports run one way: no module reaches itself again through its imports,
counting the imports inside functions (a lazy import only hides a cycle), and the lower
subpackages (common, then history) import nothing of the families above them."""
import ast
import os

from clampbench_testing import SCRIPTS

PACKAGE = "clampbench_scripts"


def modules():
    """{dotted module name: path} of every module of the package."""
    found = {}
    root = os.path.join(SCRIPTS, PACKAGE)
    for directory, _, files in os.walk(root):
        for name in files:
            if name.endswith(".py"):
                rel = os.path.relpath(os.path.join(directory, name), SCRIPTS)[:-3].split(os.sep)
                dotted = ".".join(rel[:-1] if rel[-1] == "__init__" else rel)
                found[dotted] = os.path.join(directory, name)
    return found


def imports_of(dotted, path, known):
    """The package's modules that DOTTED imports anywhere in its text."""
    is_package = path.endswith("__init__.py")
    here = dotted.split(".") if is_package else dotted.split(".")[:-1]
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(here[:len(here) - node.level + 1]) if node.level else ""
            target = ".".join(p for p in (base, node.module or "") if p)
            if node.level or target.split(".")[0] == PACKAGE:
                for alias in node.names:
                    child = f"{target}.{alias.name}"
                    found.add(child if child in known else target)
    return {m for m in found if m != dotted}


def cycle(graph):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(node, stack):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return stack[stack.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, stack + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None
    for start in sorted(graph):
        if start not in state:
            found = visit(start, [start])
            if found:
                return found
    return None


def test_every_import_of_the_package_names_one_of_its_modules():
    known = modules()
    unknown = {m: sorted(i for i in imports_of(m, p, known) if i not in known) for m, p in known.items()}
    assert {m: i for m, i in unknown.items() if i} == {}


def graph_of(known):
    # a package's __init__ is imported on the way to each of its modules: not an edge of a cycle
    return {m: {i for i in imports_of(m, p, known) if i in known and not p.endswith("__init__.py")}
            for m, p in known.items()}


def test_no_import_cycle():
    assert cycle(graph_of(modules())) is None


def test_the_check_sees_a_lazy_cycle():
    graph = graph_of(modules())
    graph["clampbench_scripts.compare.compare_format"].add("clampbench_scripts.compare.compare_markdown")
    assert cycle(graph) is not None  # what compare_format's lazy import of compare_markdown was


def test_the_graph_sees_relative_and_package_imports():
    known = modules()
    graph = graph_of(known)
    assert "clampbench_scripts.common.entry" in graph["clampbench_scripts.upstream.cli"]
    assert "clampbench_scripts.compare.compare_format" in graph["clampbench_scripts.compare.compare_markdown"]


def _subpackage(dotted):
    """"common" of clampbench_scripts.common.results; None of the package itself."""
    return dotted.split(".")[1] if dotted.count(".") >= 1 else None


# What each lower subpackage may import from the package besides itself.
BELOW = {"common": set(), "history": {"common"}}



def upward_imports(graph):
    """{module of a lower subpackage: the package's modules above it that it imports}."""
    allowed = {low: below | {low} for low, below in BELOW.items()}
    upward = {m: sorted(i for i in imports if _subpackage(i) not in allowed[_subpackage(m)])
              for m, imports in graph.items() if _subpackage(m) in BELOW}
    return {m: i for m, i in upward.items() if i}


def test_lower_subpackages_import_nothing_above_them():
    assert upward_imports(graph_of(modules())) == {}


def test_the_layering_check_sees_an_upward_import():
    graph = graph_of(modules())
    graph["clampbench_scripts.common.results"].add("clampbench_scripts.compare.finding_sets")
    graph["clampbench_scripts.history.runs"].add("clampbench_scripts.dashboard.site")
    assert upward_imports(graph) == {"clampbench_scripts.common.results": ["clampbench_scripts.compare.finding_sets"],
                                     "clampbench_scripts.history.runs": ["clampbench_scripts.dashboard.site"]}
