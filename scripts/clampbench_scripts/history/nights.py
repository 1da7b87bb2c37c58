# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""HISTORY/nights.jsonl: what the gate said of each night, and what became the baseline.

The baseline only ratchets: a night becomes the baseline when the gate fully assessed it and
found no regression (exit 0), or when someone accepted it by name (an explicit accept of a
regression, of a NOT ASSESSED night or of one whose baseline was unreadable, recorded with
who). Any other night keeps the old
baseline, so a regression is reported on every later night until it is fixed or accepted.
One JSON object a line, rewritten whole into place (a temp file renamed), oldest first.
"""
import datetime
import json
import os

from clampbench_scripts.common.errors import InputError
from clampbench_scripts.common.output import json_text, write_text

LOG_NAME = "nights.jsonl"
VERDICTS = {0: "passed", 1: "regression", 3: "not assessed"}


def log_path(history_dir):
    return os.path.join(history_dir, LOG_NAME)


def replaces_baseline(gate, accepted_by):
    """The baseline rule: True when a night with gate exit code GATE may become the baseline.
    An accept by name takes any night that was merged and recorded: a regression, a NOT
    ASSESSED night, or one gated against a baseline that could not be read (the repair)."""
    return gate == 0 or bool(accepted_by)


def verdict_of(gate):
    """The word the log and the dashboard use for a gate exit code."""
    return VERDICTS.get(gate, f"error (exit {gate})")


def _names(gate_doc, key):
    """["category: row (reason)"] of a compare --format json document's KEY block."""
    block = gate_doc.get(key) if isinstance(gate_doc, dict) else None
    if isinstance(block, list):
        return [str(item) for item in block]
    if not isinstance(block, dict):
        return []
    out = []
    for category, rows in sorted(block.items()):
        for row in rows if isinstance(rows, list) else [rows]:
            parts = row if isinstance(row, (list, tuple)) else [row]
            out.append(f"{category}: " + " ".join(str(p) for p in parts))
    return out


def entry(run_name, identity, gate, gate_doc, replaced, accepted_by, now=None):
    """The log line of one night."""
    when = now or datetime.datetime.now(datetime.timezone.utc)
    return {"time": when.strftime("%Y-%m-%dT%H:%M:%SZ"), "run": run_name, "identity": identity,
            "gate": gate, "verdict": verdict_of(gate),
            "not_assessed": _names(gate_doc, "not_assessed"), "failing": _names(gate_doc, "failing"),
            "baseline": "replaced" if replaced else "kept", "accepted_by": accepted_by or None}


def load(history_dir, warn=None):
    """The log's entries, oldest first; a line that is not a JSON object is named and skipped."""
    path = log_path(history_dir)
    if not os.path.isfile(path):
        return []
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except ValueError:
                item = None
            if isinstance(item, dict) and isinstance(item.get("run"), str):
                out.append(item)
            elif warn:
                warn(path, f"line {number} is not a night's record; skipped")
    return out


def append(history_dir, item):
    """Adds ITEM to the log (the whole log rewritten into place: never half a line)."""
    path = log_path(history_dir)
    if os.path.lexists(path) and not os.path.isfile(path):
        raise InputError(path, "is not a regular file; refusing to write the night's record")
    old = ""
    if os.path.isfile(path):
        with open(path, encoding="utf-8", errors="replace") as f:
            old = f.read()
        if old and not old.endswith("\n"):
            old += "\n"
    write_text(old + json_text(item, sort_keys=True) + "\n", path)


def by_run(entries):
    """{history file name: its latest entry}."""
    return {e["run"]: e for e in entries}
