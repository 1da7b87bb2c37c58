# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""kernels/detail/ is the runtime's private part: no source outside kernels/ includes it (a test
may, to check a private piece against a public one). Suites reach the runtime through its public
headers: ops, tensors, the custom-kernel launcher."""
import re

from clampbench_testing import ROOT
from test_harness_layout import read, sources

PRIVATE = re.compile(r'^\s*#\s*include\s+"kernels/detail/[^"]+"', re.M)


def test_no_source_outside_kernels_includes_its_detail():
    offenders = [rel for top in ("suites", "harness", "benchmarks") for rel in sources(top)
                 if PRIVATE.search(read(rel))]
    assert not offenders, "include kernels/detail/ from outside kernels/: " + ", ".join(offenders)


def test_the_check_reads_includes():
    assert PRIVATE.search('#include "kernels/detail/op_call.h"\n')
    assert not PRIVATE.search('#include "kernels/custom_kernel.h"\n')
