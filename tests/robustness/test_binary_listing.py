# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""suite_tables.py on a binary whose `list --json` is JSON nested far deeper than a registry
(about 4 levels): 100,000 levels exhaust json's recursive parser (RecursionError), 100 parse
but are no registry; both are one line naming the binary, exit 2, never a traceback. The binary
is a shell script printing the listing."""
import pytest
from clampbench_testing import one_line_error, run_script


@pytest.mark.parametrize("depth", [100_000, 100])
def test_a_listing_nested_too_deep_is_one_line(tmp_path, depth):
    listing = tmp_path / "list.json"
    listing.write_text("[" * depth + "]" * depth + "\n")
    binary = tmp_path / "clampbench"
    binary.write_text(f"#!/bin/sh\ncat '{listing}'\n")
    binary.chmod(0o755)
    proc = run_script("suite_tables.py", "--check", "--binary", binary, timeout=120)
    assert proc.returncode == 2 and proc.stdout == "", proc.stderr
    line = one_line_error(proc)
    assert line == f"suite_tables.py: {binary}: list --json printed JSON nested more than 64 deep", line
