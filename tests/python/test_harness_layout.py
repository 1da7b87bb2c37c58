# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The harness's parts (its folders, in the order harness/CMakeLists.txt's
clampbench_harness_parts lists them) keep their private pieces private: only a part's own files
include its detail/ headers, those headers are in namespace detail and its public ones are
not; a part includes only the parts listed before it; the few top-level files include no part
(main.cpp aside); and no two files include each other, even through others."""
import os
import re

from clampbench_testing import ROOT

HARNESS = os.path.join(ROOT, "harness")
INCLUDE = re.compile(r'^\s*#\s*include\s+"(harness/[^"]+)"', re.M)
NAMESPACE = re.compile(r"\bnamespace\s+([\w:]+)\s*\{")
# A public header that still puts its declarations in namespace detail; listed so that no
# other joins it.
PUBLIC_IN_DETAIL = {"harness/cli/benchmark_flags.h"}


def sources(top, exts=(".h", ".cuh", ".cpp", ".cu")):
    """Repository-relative paths of the files under TOP with one of EXTS."""
    for directory, _, files in os.walk(os.path.join(ROOT, top)):
        for name in sorted(files):
            if name.endswith(exts):
                yield os.path.relpath(os.path.join(directory, name), ROOT)


def read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def part_of(rel):
    """The part (harness/ folder) REL belongs to; None for the top-level files."""
    pieces = rel.split("/")
    return pieces[1] if pieces[0] == "harness" and len(pieces) > 2 else None


def private_part(include):
    """The part whose detail/ INCLUDE (a path under harness/) is in; None if it is public."""
    pieces = include.split("/")
    return pieces[1] if len(pieces) > 3 and pieces[2] == "detail" else None


def outer_namespaces(text):
    """The namespaces a header opens at file level (not nested in another), comments and
    string literals aside."""
    text = re.sub(r"//[^\n]*|/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    found, depth, at = [], 0, 0
    for match in re.finditer(r"[{}]", text):
        if match.group() == "{":
            if depth == 0:
                opened = NAMESPACE.search(text, at, match.end())
                if opened and opened.end() == match.end():
                    found.append(opened.group(1))
            depth += 1
        else:
            depth -= 1
        at = match.end()
    return found


def test_only_a_part_includes_its_detail_headers():
    # Every harness file, and every header anywhere: a test's own .cpp may reach a private piece.
    files = list(sources("harness")) + [f for top in ("tests", "benchmarks", "suites", "kernels")
                                        for f in sources(top, (".h", ".cuh"))]
    wrong = [f"{rel} includes {inc}" for rel in files for inc in INCLUDE.findall(read(rel))
             if private_part(inc) and private_part(inc) != part_of(rel)]
    assert not wrong, "\n".join(wrong)


def test_detail_headers_are_in_namespace_detail_and_public_ones_are_not():
    wrong = []
    for rel in sources("harness", (".h", ".cuh")):
        spaces = outer_namespaces(read(rel))
        in_detail = [s for s in spaces if s.split("::")[-1] == "detail"]
        if "/detail/" in rel and (not spaces or len(in_detail) != len(spaces)):
            wrong.append(f"{rel} is private but opens {spaces}")
        if "/detail/" not in rel and in_detail and rel not in PUBLIC_IN_DETAIL:
            wrong.append(f"{rel} is public but opens {in_detail}")
    assert not wrong, "\n".join(wrong)


def test_no_two_parts_include_each_other():
    # Nodes: each part, and each top-level file on its own (foo.h and foo.cpp as one).
    def node(rel):
        return part_of(rel) or os.path.splitext(rel)[0]
    edges = {}
    for rel in sources("harness"):
        for inc in INCLUDE.findall(read(rel)):
            if node(inc) != node(rel):
                edges.setdefault(node(rel), set()).add(node(inc))
    # Two parts include each other when a part reaches itself again.
    wrong = []
    for part in sorted(n for n in edges if "/" not in n):
        seen, todo = set(), list(edges[part])
        while todo:
            n = todo.pop()
            if n not in seen:
                seen.add(n)
                todo.extend(edges.get(n, ()))
        if part in seen:
            wrong.append(f"{part}/ includes itself through " + ", ".join(sorted(
                n for n in seen if part in reach(edges, n))))
    assert not wrong, "\n".join(wrong)


def reach(edges, start):
    """The nodes START includes, directly or not."""
    seen, todo = set(), list(edges.get(start, ()))
    while todo:
        n = todo.pop()
        if n not in seen:
            seen.add(n)
            todo.extend(edges.get(n, ()))
    return seen


def listed_parts(text=None):
    """The parts in the order harness/CMakeLists.txt's `set(clampbench_harness_parts ...)`
    lists them, its comments aside."""
    text = re.sub(r"#[^\n]*", "", read("harness/CMakeLists.txt") if text is None else text)
    body = re.search(r"set\(clampbench_harness_parts\b(.*?)\)", text, re.S)
    assert body, "harness/CMakeLists.txt sets no clampbench_harness_parts"
    return body.group(1).split()


def test_the_part_list_is_read_from_the_set_call():
    text = "set(clampbench_harness_parts\n  machine  # the machine (device, clocks)\n  output\n)\nset(other x)"
    assert listed_parts(text) == ["machine", "output"]


def test_the_build_lists_every_part():
    parts = {d for d in os.listdir(HARNESS) if os.path.isdir(os.path.join(HARNESS, d))}
    listed = listed_parts()
    assert "detail" not in parts, "harness/detail/ holds pieces of no part"
    assert len(listed) == len(set(listed)), listed
    assert parts == set(listed), sorted(parts ^ set(listed))


def test_a_part_includes_only_the_parts_listed_before_it():
    order = {part: i for i, part in enumerate(listed_parts())}
    wrong = []
    for rel in sources("harness"):
        here = part_of(rel)
        for inc in INCLUDE.findall(read(rel)):
            there = part_of(inc)
            if here is None and there is not None and rel != "harness/main.cpp":
                wrong.append(f"{rel} (top level) includes the part {there}/")
            elif here and there and here != there and order[there] > order[here]:
                wrong.append(f"{rel} includes {inc}, a part listed after {here}/")
    assert not wrong, "\n".join(wrong)


def test_no_two_files_include_each_other():
    # Nodes: each file, foo.h and foo.cpp as one; a cycle inside a part counts too.
    edges = {}
    for rel in sources("harness"):
        for inc in INCLUDE.findall(read(rel)):
            a, b = os.path.splitext(rel)[0], os.path.splitext(inc)[0]
            if a != b:
                edges.setdefault(a, set()).add(b)
    wrong = sorted(f"{n} includes itself through " + ", ".join(sorted(m for m in reach(edges, n) if n in reach(edges, m)))
                   for n in edges if n in reach(edges, n))
    assert not wrong, "\n".join(wrong)
