# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The tree's three libraries are layers, and the build says which: a file of kernels/,
suites/ or harness/ includes only its own library and those its CMake target links
(`target_link_libraries(clampbench_suites PUBLIC clampbench::kernels)`, read from each
CMakeLists.txt, transitively), so no arrow points up. kernels/ keeps its private headers
(kernels/detail/) to itself and its own tests, and no two of its files include each other,
even through others (foo.h and foo.cpp as one), as for suites/ and harness/."""
import os
import re

from test_harness_layout import read, reach, sources
from test_suites_layout import edges_of

LIBRARIES = ("kernels", "suites", "harness")
INCLUDE = re.compile(r'^\s*#\s*include\s+"((?:kernels|suites|harness)/[^"]+)"', re.M)
LINKS = re.compile(r"target_link_libraries\(\s*clampbench_(\w+)\s+([^)]*)\)", re.S)


def links(text):
    """{library: the libraries of the tree its target links}, from one CMakeLists.txt's text."""
    found = {}
    for target, args in LINKS.findall(text):
        found.setdefault(target, set()).update(re.findall(r"clampbench::(\w+)", args))
    return found


def allowed():
    """{library: the libraries it may include}, itself and what its target links, transitively."""
    edges = {}
    for lib in LIBRARIES:
        for target, deps in links(read(f"{lib}/CMakeLists.txt")).items():
            if target == lib:
                edges.setdefault(lib, set()).update(d for d in deps if d in LIBRARIES)
    return {lib: {lib} | reach(edges, lib) for lib in LIBRARIES}


def test_the_build_links_the_layers_one_way():
    may = allowed()
    assert may == {"kernels": {"kernels"}, "suites": {"kernels", "suites"},
                   "harness": {"kernels", "suites", "harness"}}, may


def test_a_library_includes_only_what_its_target_links():
    may = allowed()
    wrong = [f"{rel} includes {inc}" for lib in LIBRARIES for rel in sources(lib)
             for inc in INCLUDE.findall(read(rel)) if inc.split("/")[0] not in may[lib]]
    assert not wrong, "\n".join(wrong)


def test_only_kernels_and_its_tests_include_its_private_headers():
    tops = ("suites", "harness", "benchmarks", "tests")
    wrong = [f"{rel} includes {inc}" for top in tops for rel in sources(top) if not rel.startswith("tests/kernels/")
             for inc in INCLUDE.findall(read(rel)) if inc.startswith("kernels/detail/")]
    assert not wrong, "\n".join(wrong)


def test_no_two_kernels_files_include_each_other():
    edges = edges_of("kernels")
    wrong = sorted(f"{n} includes itself through " + ", ".join(sorted(m for m in reach(edges, n) if n in reach(edges, m)))
                   for n in edges if n in reach(edges, n))
    assert not wrong, "\n".join(wrong)


def test_the_link_reader_reads_a_target_and_its_libraries():
    text = "target_link_libraries(clampbench_suites PUBLIC\n  clampbench::kernels fmt::fmt)\n" \
           "target_link_libraries(clampbench_suites PRIVATE clampbench::harness)"
    assert links(text) == {"suites": {"kernels", "harness"}}
