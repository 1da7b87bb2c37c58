# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every file of the tree that README.md or a page of docs/ names exists: a moved or renamed
file is caught when it moves, not by the next reader (the CHANGELOG names old paths on purpose)."""
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
NAMED = re.compile(r"(?<![\w./-])((?:scripts|tests|harness|kernels|suites|ci|docs|benchmarks|cmake)/"
                   r"[\w./-]+\.(?:py|sh|md|json|cpp|h|cuh|cu|yml|yaml|txt|toml))")
# A page may name the throwaway suite of tests/one_file_suite/ where a real suite's file would
# be (docs/adding-a-suite.md walks through adding it); its name is read from that folder.
EXAMPLES = {f"suites/{p.stem}.cpp" for p in (ROOT / "tests" / "one_file_suite").glob("example_*.cpp")}


def test_every_named_file_exists():
    missing = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        for path in NAMED.findall(page.read_text(encoding="utf-8")):
            if path not in EXAMPLES and not (ROOT / path).exists():
                missing.append(f"{page.relative_to(ROOT)}: {path}")
    assert not missing, "\n".join(missing)
