# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""suites/ sits between the runtime and the harness: no suite file includes the harness, and no
two files of suites/ include each other, even through others (foo.h and foo.cpp as one), as
for harness/ and kernels/ (test_tree_layout.py)."""
import os
import re

from test_harness_layout import reach, read, sources

INCLUDE = re.compile(r'^\s*#\s*include\s+"((?:kernels|suites|harness)/[^"]+)"', re.M)


def edges_of(top):
    """{file without extension: the project files it includes, the same}, over TOP's files."""
    edges = {}
    for rel in sources(top):
        for inc in INCLUDE.findall(read(rel)):
            a, b = os.path.splitext(rel)[0], os.path.splitext(inc)[0]
            if a != b:
                edges.setdefault(a, set()).add(b)
    return edges


def test_no_suite_file_includes_the_harness():
    wrong = sorted(f"{a} includes {b}" for a, bs in edges_of("suites").items() for b in bs if b.startswith("harness/"))
    assert not wrong, "\n".join(wrong)


def test_no_two_suite_files_include_each_other():
    edges = edges_of("suites")
    wrong = sorted(n for n in edges if n in reach(edges, n))
    assert not wrong, "\n".join(wrong)


def test_the_cycle_check_sees_a_cycle():
    edges = {"suites/a": {"suites/b"}, "suites/b": {"suites/a"}, "suites/c": {"suites/a"}}
    assert sorted(n for n in edges if n in reach(edges, n)) == ["suites/a", "suites/b"]
