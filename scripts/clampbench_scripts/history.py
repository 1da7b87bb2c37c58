# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""results/history/: one results file per run, named <UTC time>-<short commit>.json.

Files are added atomically and never overwritten (a second run of the same time and commit
gets a -2, -3 ... suffix). Reading skips, and names, every file that is not a clampbench v1
results document, so one bad file never stops the dashboard.
"""
import datetime
import multiprocessing
import os
import re
import shutil

from clampbench_scripts.output import temporary_file
from clampbench_scripts.results import InputError, load_document, rows_of


def _utc_stamp(env):
    text = env.get("time")
    try:
        when = datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except (TypeError, ValueError):
        when = datetime.datetime.now(datetime.timezone.utc)
    return when.strftime("%Y%m%dT%H%M%SZ")


def history_name(env):
    commit = re.sub(r"[^0-9A-Za-z]", "", str(env.get("git_commit") or ""))[:7] or "nocommit"
    return f"{_utc_stamp(env)}-{commit}"


def add(result_path, directory):
    """Copies RESULT_PATH into DIRECTORY under a new name; returns the new path."""
    env = load_document(result_path)["environment"]
    os.makedirs(directory, exist_ok=True)
    stem = history_name(env)
    fd, tmp = temporary_file(directory, suffix=".json")
    os.close(fd)
    try:
        shutil.copyfile(result_path, tmp)
        for n in range(1, 1000):
            dest = os.path.join(directory, stem + (f"-{n}" if n > 1 else "") + ".json")
            try:
                os.link(tmp, dest)  # fails if dest exists: never overwrites, never half a file
                return dest
            except FileExistsError:
                continue
        raise InputError(directory, f"too many runs named {stem}")
    finally:
        os.unlink(tmp)


def history_files(directory):
    if not os.path.isdir(directory):
        raise InputError(directory, "history directory does not exist")
    return sorted(os.path.join(directory, n) for n in os.listdir(directory)
                  if n.endswith(".json") and not n.startswith("."))


def load_run(path):
    """{"path", "env", "rows"} of one results file; raises InputError."""
    doc = load_document(path)
    outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
    return {"path": path, "env": doc["environment"], "rows": rows_of(doc, path), "outcome": outcome}


def _load_or_error(path):
    try:
        return load_run(path)
    except InputError as e:
        return e


def load_runs(paths, warn):
    """Loads PATHS sorted by run time; calls warn(path, problem) for each skipped file.
    Large histories are parsed in worker processes (JSON parsing is most of the cost)."""
    workers = min(os.cpu_count() or 1, 8)
    if workers > 1 and len(paths) >= 64:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            loaded = pool.map(_load_or_error, paths, chunksize=8)
    else:
        loaded = [_load_or_error(p) for p in paths]
    runs = []
    for item in loaded:
        if isinstance(item, InputError):
            warn(item.path, item.problem)
        else:
            runs.append(item)
    runs.sort(key=lambda r: (str(r["env"].get("time") or ""), r["path"]))
    return runs
