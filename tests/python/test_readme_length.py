# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""README.md is what a newcomer reads in their first five minutes: at most 120 lines, everything
else one link away in docs/."""
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"
LIMIT = 120


def test_the_readme_is_at_most_120_lines():
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= LIMIT, f"README.md has {lines} lines, more than {LIMIT}: move a section into docs/ and link it"
