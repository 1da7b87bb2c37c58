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
from clampbench_scripts.common.output import OutputError, check_outside, write_bytes
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


def check_accepted_by(accepted_by):
    """InputError for a name that names nobody: empty, blank (' ', a newline) or holding a
    control character (a name is one line of a dashboard and a log)."""
    if accepted_by is None:
        return
    if not accepted_by.strip():
        raise InputError("--accepted-by", "is empty: name who accepts the night")
    if not accepted_by.isprintable():
        raise InputError("--accepted-by", "holds a control character: give a name on one line")


def _regular_or_absent(path, what):
    if os.path.islink(path):
        raise InputError(path, f"is a symlink; the {what} is the state's own file, never written through")
    if os.path.lexists(path) and not os.path.isfile(path):
        raise InputError(path, f"is not a regular file; the {what} must be one")


def check_state(directory, baseline, accepted_by=None):
    """What accept will write, checked before a night writes anything: InputError naming the
    first problem (a blank name, a history that is not a directory, a nights log or a baseline
    that is not a regular file)."""
    check_accepted_by(accepted_by)
    if os.path.lexists(directory) and not os.path.isdir(directory):
        raise InputError(directory, "is not a directory; the history must be one")
    _regular_or_absent(nights.log_path(directory), "nights log")
    _regular_or_absent(baseline, "baseline")
    try:
        check_outside(baseline, directory, "the history")
    except OutputError as e:
        raise InputError(e.path, e.problem) from None


def accept(result, directory, baseline, gate, gate_json=None, accepted_by=None):
    """Records the night RESULT (gate exit code GATE) in DIRECTORY's log and makes it BASELINE
    when the rule allows; returns the log entry."""
    check_state(directory, baseline, accepted_by)
    doc = load_document(result)
    identity = run_identity(doc)
    name = _history_name(identity, directory)
    gate_doc = load_json(gate_json) if gate_json else {}
    replaced = nights.replaces_baseline(gate, accepted_by)
    if replaced:
        _copy_into_place(result, baseline)
    item = nights.entry(name, identity, gate, gate_doc, replaced, accepted_by if replaced and gate else None,
                        run_time=doc["environment"].get("time"))
    nights.append(directory, item)
    return item


def summary(item, baseline):
    """One line for the log of the CI job."""
    what = f"{baseline} replaced by this night" if item["baseline"] == "replaced" else f"{baseline} kept"
    who = f", accepted by {item['accepted_by']}" if item["accepted_by"] else ""
    unseen = f"; not assessed: {len(item['not_assessed'])} figure(s)" if item["not_assessed"] else ""
    return f"night {item['run']}: {item['verdict']}{unseen}; {what}{who}"
