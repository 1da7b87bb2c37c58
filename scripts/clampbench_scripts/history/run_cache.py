# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The history's runs in light form, cached per results file.

A dashboard reads every run of a history, but of all runs except the latest two it needs only
the figures the trends, the change detection and the time noise use (results.light_row).
Parsing a nightly results file is most of the dashboard's time (tens of milliseconds per
megabyte), so each file's light form is kept in CACHE_DIR/<file name> beside the size and
modification time it was made from, and remade when either changed. History files are never
rewritten (history.add), so a year of history parses one new file per nightly run.
"""
import json
import os

from clampbench_scripts.common.json_input import load_json
from clampbench_scripts.common.output import OutputError, write_text
from clampbench_scripts.common.results import InputError, light_row, load_document, rows_of, run_identity

CACHE_VERSION = 5  # 2: the run's identity (results.run_identity); 3: of its measurement; 4: host_cost;
# 5: the identity of the schema's fields alone


def _stamp(path):
    st = os.stat(path)
    return {"size": st.st_size, "mtime_ns": st.st_mtime_ns}


def light_run(path):
    """{"path", "env", "outcome", "rows", "identity"} with light rows, parsed from PATH; raises
    InputError."""
    doc = load_document(path)
    outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
    rows = {key: light_row(row) for key, row in rows_of(doc, path).items()}
    return {"path": path, "env": doc["environment"], "outcome": outcome, "rows": rows,
            "identity": run_identity(doc)}


def _encode(run, stamp):
    return {"cache_version": CACHE_VERSION, "source": stamp, "env": run["env"],
            "outcome": run["outcome"], "identity": run["identity"], "rows": list(run["rows"].values())}


def _decode(path, entry):
    rows = {(r["case_id"], r["variant"]): r for r in entry["rows"]}
    return {"path": path, "env": entry["env"], "outcome": entry["outcome"], "rows": rows,
            "identity": entry["identity"]}


def read(cache_dir, path):
    """The cached light run of PATH, or None when there is none or it is stale."""
    try:
        entry = load_json(os.path.join(cache_dir, os.path.basename(path)))  # never blocks on a FIFO
        if entry.get("cache_version") != CACHE_VERSION or entry.get("source") != _stamp(path):
            return None
        return _decode(path, entry)
    except (InputError, OSError, ValueError, KeyError, TypeError, AttributeError):
        return None  # unreadable or from another version: parse the file again


def write(cache_dir, path, run):
    """Stores RUN (light) for PATH; a cache that cannot be written is skipped, never fatal."""
    try:
        stamp = _stamp(path)
        os.makedirs(cache_dir, exist_ok=True)
        write_text(json.dumps(_encode(run, stamp), separators=(",", ":")),
                   os.path.join(cache_dir, os.path.basename(path)))
        return True
    except (OSError, OutputError):
        return False


def load(path, cache_dir):
    """The light run of PATH, from the cache when it is fresh (and cached when it was not);
    an InputError (returned, not raised: this runs in worker processes) for a bad file."""
    if cache_dir:
        cached = read(cache_dir, path)
        if cached is not None:
            return cached
    try:
        run = light_run(path)
    except InputError as e:
        return e
    if cache_dir:
        write(cache_dir, path, run)
    return run
