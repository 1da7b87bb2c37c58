# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""history.py accept: the nightly's last word on a night. Applies the baseline rule
(nights.replaces_baseline) to the merged RESULT, copies it over BASELINE when the rule allows
(atomically: a reader never sees half a baseline), and records the night in the history's
nights.jsonl with what the gate could not see and who accepted it, so the dashboard shows a
NOT ASSESSED night as such and an accepted regression by name."""
import os

from clampbench_scripts.common.errors import InputError
from clampbench_scripts.common.json_input import load_json
from clampbench_scripts.common.output import OutputError, write_bytes
from clampbench_scripts.common.results import load_document, run_identity
from clampbench_scripts.history import nights, run_cache
from clampbench_scripts.history import runs as history


def _history_name(identity, directory):
    """The history file that holds the run IDENTITY (history.add put it there)."""
    for path in history.history_files(directory):
        run = run_cache.load(path, history.cache_dir(directory))
        if not isinstance(run, InputError) and run["identity"] == identity:
            return os.path.basename(path)
    raise InputError(directory, "the night's run is not in this history: add it first (history.py add)")


def _copy_into_place(source, target):
    """SOURCE copied over TARGET, atomically (output.write_bytes); a symlink is refused, not
    written through: the state's baseline is its own file."""
    if os.path.islink(target):
        raise OutputError(target, "is a symlink; the baseline is replaced, never written through")
    with open(source, "rb") as f:
        write_bytes(f.read(), target)


def accept(result, directory, baseline, gate, gate_json=None, accepted_by=None):
    """Records the night RESULT (gate exit code GATE) in DIRECTORY's log and makes it BASELINE
    when the rule allows; returns the log entry."""
    if accepted_by is not None and not accepted_by.strip():
        raise InputError("--accepted-by", "is empty: name who accepts the night")
    identity = run_identity(load_document(result))
    name = _history_name(identity, directory)
    gate_doc = load_json(gate_json) if gate_json else {}
    replaced = nights.replaces_baseline(gate, accepted_by)
    if replaced:
        _copy_into_place(result, baseline)
    item = nights.entry(name, identity, gate, gate_doc, replaced, accepted_by if replaced and gate else None)
    nights.append(directory, item)
    return item


def summary(item, baseline):
    """One line for the log of the CI job."""
    what = f"{baseline} replaced by this night" if item["baseline"] == "replaced" else f"{baseline} kept"
    who = f", accepted by {item['accepted_by']}" if item["accepted_by"] else ""
    unseen = f"; not assessed: {len(item['not_assessed'])} figure(s)" if item["not_assessed"] else ""
    return f"night {item['run']}: {item['verdict']}{unseen}; {what}{who}"
