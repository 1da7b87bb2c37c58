# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What adding a suite touches, held to docs/adding-a-suite.md's checklist.

For every suite that suites/<name>.cpp registers: each repository file whose path carries the
suite's name must match a checklist path (with <name> and <group> filled in), and each file
that names every suite (a hand list a new suite would have to join) must be a checklist file,
or a record of past runs (results/, tests/fixtures/, CHANGELOG.md); and each suite has its row
in the suites tables of README.md and docs/suites.md (the checklist's item 4: generated from the
registry by scripts/suite_tables.py, and held to the binary by tests/python/test_suite_tables.py;
measured per-suite figures are records under results/). A literal list
in code (a tuple, list, set or brace list) that quotes at least half the suites but not all is
a hand list left behind, unless it is a checklist file. The throwaway suite of
tests/one_file_suite/ must be named nowhere else: it needed nothing outside that folder.
Prints the checklist's files. Exit 0 when all hold, 1 with one line per breach otherwise.
Usage: check_footprint.py [REPO_ROOT]
"""
import fnmatch
import re
import subprocess
import sys
from pathlib import Path

THROWAWAY = "example_last_token"
RECORDS = ("results/*", "tests/fixtures/*", "CHANGELOG.md")
# A finding's report for vLLM's maintainers (upstream.py report) is named after its site: a
# record of one finding, not a file a new suite needs.
REPORTS = ("docs/reports/*",)
TABLES = ("README.md", "docs/suites.md")
CODE = (".py", ".cpp", ".h", ".cu", ".sh")  # each suite has a row: "| <name> | ..."


def repository_files(root):
    """Tracked and untracked, not ignored files (git: a suite file not yet added is held to the
    checklist too), else every file outside build folders (a source tarball)."""
    try:
        out = subprocess.run(["git", "-C", str(root), "ls-files", "--cached", "--others", "--exclude-standard"],
                             capture_output=True, text=True, check=True)
        return [f for f in out.stdout.splitlines() if (root / f).is_file()]
    except (OSError, subprocess.CalledProcessError):
        return [str(p.relative_to(root)) for p in root.rglob("*")
                if p.is_file() and not any(part.startswith(("build", ".")) for part in p.relative_to(root).parts)]


def checklist_paths(doc):
    """The backticked paths before the colon of each numbered item of the '## Checklist' section."""
    section = doc.split("## Checklist", 1)[1].split("\n## ", 1)[0]
    items = re.split(r"^\d+\. ", section, flags=re.M)[1:]
    return [p for item in items for p in re.findall(r"`([^`\s]+)`", item.split(": ", 1)[0])]


def registered_suites(root):
    return sorted(p.stem for p in (root / "suites").glob("*.cpp")
                  if "CLAMPBENCH_REGISTER_SUITE(" in p.read_text(errors="ignore"))


def as_glob(path, name):
    return path.replace("<name>", name).replace("<group>", "*")


def breaches(root):
    files = repository_files(root)
    checklist = checklist_paths((root / "docs" / "adding-a-suite.md").read_text())
    suites = registered_suites(root)
    texts = {f: (root / f).read_text(errors="ignore") for f in files}
    found = []
    for name in suites:
        allowed = [as_glob(p, name) for p in checklist]
        for f in files:
            if name in Path(f).name and not any(fnmatch.fnmatch(f, g) for g in (*allowed, *REPORTS)):
                found.append(f"{f}: named after suite {name} but not a checklist path")
    names_all = [f for f, t in texts.items() if all(re.search(rf"\b{n}\b", t) for n in suites)]
    listed = [as_glob(p, "*") for p in checklist]
    for f in names_all:
        if not any(fnmatch.fnmatch(f, g) for g in (*listed, *RECORDS)):
            found.append(f"{f}: lists every suite, so a new suite must be added there, but the checklist "
                         "does not say so")
    quoted = re.compile(r"[\"']({})[\"']".format("|".join(map(re.escape, suites))))
    for f, t in texts.items():
        if not f.endswith(CODE) or any(fnmatch.fnmatch(f, g) for g in listed):
            continue
        for m in re.finditer(r"[(\[{][^()\[\]{}]*[)\]}]", t):
            named = set(quoted.findall(m.group(0)))
            if 2 * len(named) >= len(suites) and len(named) < len(suites):
                line = t[:m.start()].count("\n") + 1
                found.append(f"{f}:{line}: a literal list of {len(named)} of the {len(suites)} suites (a hand "
                             "list a new suite would miss)")
    for table in TABLES:
        text = (root / table).read_text(errors="ignore")
        for name in suites:
            if not re.search(rf"^\|\s*`?{re.escape(name)}`?\s*\|", text, flags=re.M):
                found.append(f"{table}: no row for suite {name} in its suites table")
    for f, t in texts.items():
        if THROWAWAY in t and not f.startswith(("tests/one_file_suite/", "docs/")):
            found.append(f"{f}: names the throwaway suite {THROWAWAY}, which should need nothing outside "
                         "tests/one_file_suite/")
    return found, checklist, suites


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    root = Path(argv[0] if argv else Path(__file__).resolve().parents[2])
    found, checklist, suites = breaches(root)
    print(f"{len(suites)} suites; a new one touches these checklist paths: {', '.join(checklist)}")
    for line in found:
        print(f"check_footprint: {line}", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
