# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""results/history/: one results file per run, named <UTC time>-<short commit>.json (names.py),
in the order the runs were added.

Files are added atomically and never overwritten (a second run of the same time and commit
gets a -2, -3 ... suffix). A run already in the history (results.run_identity: its measured
cases and settings, however re-packaged: merged again, copied, re-indented) is refused:
twenty copies of one run would read as a run-to-run noise of zero.
Reading skips, and names, every file that is not a clampbench v1 results document (not JSON,
a badly typed field, a FIFO or other special file, which is never opened blocking), and every
copy of a run read before (a duplicate copied in by hand), so one bad file never stops the
dashboard and no run counts twice in a noise estimate.
"""
import functools
import multiprocessing
import os
import shutil

from clampbench_scripts.history import configs, names, run_cache
from clampbench_scripts.common.output import check_directory, temporary_file
from clampbench_scripts.common.results import InputError, load_document, refuse_partial, rows_of, run_identity


def cache_dir(directory):
    """Where the light forms of DIRECTORY's runs are cached (run_cache)."""
    return os.path.join(directory, ".cache")


def add(result_path, directory):
    """Copies RESULT_PATH into DIRECTORY under a new name and caches its light form; returns
    the new path."""
    check_directory(directory)
    doc = load_document(result_path)
    refuse_partial(doc, result_path)  # a dashboard trend never gets half a run
    env = doc["environment"]
    _refuse_duplicate(result_path, run_identity(doc), directory)
    os.makedirs(directory, exist_ok=True)
    stem = names.history_name(env, names.newest_stamp(directory))
    fd, tmp = temporary_file(directory, suffix=".json")
    os.close(fd)
    try:
        shutil.copyfile(result_path, tmp)
        for n in range(1, 1000):
            dest = os.path.join(directory, stem + (f"-{n}" if n > 1 else "") + ".json")
            try:
                os.link(tmp, dest)  # fails if dest exists: never overwrites, never half a file
            except FileExistsError:
                continue
            run_cache.write(cache_dir(directory), dest, run_cache.light_run(dest))
            return dest
        raise InputError(directory, f"too many runs named {stem}")
    finally:
        os.unlink(tmp)


def _refuse_duplicate(result_path, identity, directory):
    """InputError when DIRECTORY already holds the run IDENTITY (read from the light cache)."""
    if not os.path.isdir(directory):
        return
    for path in history_files(directory):
        run = run_cache.load(path, cache_dir(directory))
        if not isinstance(run, InputError) and run["identity"] == identity:
            raise InputError(result_path, f"this run is already in the history as {path}; not added again")


def history_files(directory):
    if not os.path.isdir(directory):
        raise InputError(directory, "history directory does not exist")
    return sorted(os.path.join(directory, n) for n in os.listdir(directory)
                  if n.endswith(".json") and not n.startswith("."))


def load_run(path):
    """{"path", "env", "rows", "outcome", "identity"} of one results file; raises InputError."""
    doc = load_document(path)
    outcome = doc.get("outcome") if isinstance(doc.get("outcome"), dict) else {}
    return {"path": path, "env": doc["environment"], "rows": rows_of(doc, path), "outcome": outcome,
            "identity": run_identity(doc)}


def _load_or_error(path):
    try:
        return load_run(path)
    except InputError as e:
        return e


def _map(fn, paths):
    """fn over PATHS, in worker processes for a large history (JSON parsing is most of it)."""
    workers = min(os.cpu_count() or 1, 8)
    if workers > 1 and len(paths) >= 64:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            return pool.map(fn, paths, chunksize=8)
    return [fn(p) for p in paths]


def _unique(runs, warn):
    """RUNS with every later copy of a run left out (and named): a duplicate in a history
    would shrink the measured run-to-run noise towards zero."""
    first, out = {}, []
    for run in runs:
        seen = first.setdefault(run["identity"], run["path"])
        if seen != run["path"]:
            warn(run["path"], f"a copy of the run in {seen}; left out")
        else:
            out.append(run)
    return out


def load_runs(paths, warn, cache_dir=None, full_latest=None):
    """Loads PATHS in the order they were recorded (names.recorded_key); calls warn(path, problem) for each skipped file.
    With CACHE_DIR every run but the latest FULL_LATEST of each configuration (device,
    backend, allocator) is light (run_cache: the figures of the trends, the change detection
    and the time noise, cached per file); the latest ones, and every run without a cache dir,
    carry full rows."""
    if cache_dir is None:
        loaded = _map(_load_or_error, paths)
    else:
        loaded = _map(functools.partial(run_cache.load, cache_dir=cache_dir), paths)
    runs = []
    for item in loaded:
        if isinstance(item, InputError):
            warn(item.path, item.problem)
        else:
            runs.append(item)
    runs.sort(key=lambda r: names.recorded_key(r["path"], r["env"]))
    runs = _unique(runs, warn)
    if cache_dir is not None:
        seen = {}  # the latest FULL_LATEST of each configuration: each has its own dashboard
        for k in range(len(runs) - 1, -1, -1):
            key = configs.config_key(runs[k]["env"])
            seen[key] = seen.get(key, 0) + 1
            if seen[key] <= (full_latest or 0):
                runs[k] = load_run(runs[k]["path"])  # it parsed a moment ago: it parses again
    return runs
