# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's figures, as SVG (svg_figure.py writes them directly; one format only).

One figure per suite and metric, one small panel per case, one line per variant, x the runs
in date order; detected changes are marked with a dashed vertical line in the panel they
belong to. A figure is redrawn only when what it shows changed or its file is not the one
written: figures/cache.json keeps a hash of each figure's inputs and the size and SHA-256 of
its file. Drawing with matplotlib took ~40 s whatever the history length, 91% in savefig (PNG
and SVG of every figure); this takes well under a second.
"""
import hashlib
import json
import multiprocessing
import os
import re
import stat

import numpy as np

from clampbench_scripts.common.errors import InputError
from clampbench_scripts.common.json_input import load_json
from clampbench_scripts.common.output import write_bytes, write_text
from clampbench_scripts.dashboard.svg_figure import figure
from clampbench_scripts.common.units import fmt_bytes

VARIANT_COLOURS = {"clamp": "#1f77b4", "clamp_": "#ff7f0e", "clamp_naive": "#d62728"}
OTHER_COLOURS = ("#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f")

# metric id -> (title, y label, value key, band keys or None, only non-reference variants)
FIGURES = {
    "allocations": ("allocations per call", "allocations / call", "allocations", None, False),
    "bytes": ("bytes requested per call", "bytes / call", "bytes_requested", None, False),
    "saving": ("allocations saved per call vs the reference", "allocations saved / call",
               "saved_allocations", None, True),
    "peak": ("peak bytes in use during a call", "peak bytes", "peak_bytes", None, False),
    "time": ("median time per call (band: p10-p90)", "time / call", "time_median",
             ("time_p10", "time_p90"), False),
}
CHANGE_METRIC = {"allocations": "allocations", "bytes": "bytes_requested", "peak": "peak_bytes",
                 "time": "time_median"}


FORMAT = "svg"
MAX_STEM = 100  # of a suite's part of a file name: far below NAME_MAX with the hash and metric
MAX_FIGURE_BYTES = 64 << 20  # a figure file larger than this is not one we wrote


def colour_of(variant, order):
    if variant in VARIANT_COLOURS:
        return VARIANT_COLOURS[variant]
    return OTHER_COLOURS[order.index(variant) % len(OTHER_COLOURS)]


def _time_scale(values):
    top = np.nanmax(values) if np.any(~np.isnan(values)) else 1.0
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("us", 1e3)):
        if top >= scale:
            return unit, scale
    return "ns", 1.0


def run_labels(dates, commits, most=6):
    """[(run, "MM-DD commit")] for every run when few, else MOST evenly spaced runs."""
    n = len(dates)
    picks = range(n) if n <= most else np.unique(np.linspace(0, n - 1, most).round().astype(int))
    return [(int(i), f"{str(dates[i])[5:10]} {commits[i]}") for i in picks]


def suite_figure(suite, data, dates, commits, metric, changes, out_dir):
    """Writes one suite's METRIC figure; returns the file stem, or None when nothing to draw."""
    title, ylabel, key, band, non_reference = FIGURES[metric]
    cases = list(dict.fromkeys(case for case, _ in data["keys"]))
    variants = list(dict.fromkeys(v for _, v in data["keys"]))
    reference = variants[0] if variants else None
    values = data["values"][key]
    if not np.any(~np.isnan(values)):
        return None
    unit, scale = _time_scale(values) if metric == "time" else (None, 1.0)
    flagged = {}
    for c in changes:
        if c["suite"] == suite and c["metric"] == CHANGE_METRIC.get(metric):
            flagged.setdefault(c["case_id"], set()).add(c["run"])
    shown = {}
    panels = []
    for case in cases:
        lines = []
        for k, (case_id, variant) in enumerate(data["keys"]):
            if case_id != case or (non_reference and variant == reference):
                continue
            colour = shown.setdefault(variant, colour_of(variant, variants))
            lo_hi = tuple(data["values"][b][k] / scale for b in band) if band else None
            lines.append((colour, values[k] / scale, lo_hi, metric != "time"))
        panels.append({"title": case.split("/", 1)[-1], "lines": lines, "runs": values.shape[1],
                       "marks": [(run, commits[run]) for run in sorted(flagged.get(case, ()))]})
    fmt = (lambda v: fmt_bytes(v)) if metric in ("bytes", "peak") else (lambda v: f"{v:.4g}")
    label = ylabel + (f" ({unit})" if unit else "")
    heading = f"{suite}: {title}" + (" (latest run)" if values.shape[1] == 1 else "")
    svg = figure(heading, list(shown.items()), panels, run_labels(dates, commits), label, fmt)
    stem = file_stem(suite, metric)
    data = svg.encode("utf-8")
    write_bytes(data, os.path.join(out_dir, f"{stem}.{FORMAT}"))
    return stem, {"size": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def file_stem(suite, metric):
    """A file name for SUITE's METRIC figure that stays inside the figures directory whatever
    the suite is called ("../../x", "a/b", a leading dot, 300 characters): characters other
    than letters, digits, "_" and "-" become "_", and a renamed or shortened suite gets a hash
    of its real name so two suites never share a file."""
    safe = re.sub(r"[^A-Za-z0-9_-]", "_", suite)[:MAX_STEM]
    if safe != suite:
        safe += "_" + hashlib.sha256(suite.encode("utf-8", "surrogatepass")).hexdigest()[:10]
    return f"{safe}-{metric}"


CACHE = "cache.json"
DRAWING_VERSION = "svg-3"  # bump when the drawing code changes what a figure looks like


def _draw(job):
    """(suite, metric, stem or None, {"size", "sha256"} of the file or None) for one job."""
    suite, metric, data, x, commits, changes, out_dir = job
    drawn = suite_figure(suite, data, x, commits, metric, changes, out_dir)
    return (suite, metric) + (drawn or (None, None))


def _intact(out_dir, entry):
    """Whether the figure file of a cache ENTRY is there with the size and hash it was
    written with (a truncated or edited file is drawn again)."""
    if entry.get("stem") is None:
        return True  # nothing to draw: no file
    digest = entry.get("file") or {}
    path = os.path.join(out_dir, f"{entry['stem']}.{FORMAT}")
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return False  # not opened (a FIFO would block); writing it is refused later
        with open(path, "rb") as f:
            data = f.read(MAX_FIGURE_BYTES + 1)
    except OSError:
        return False
    return len(data) == digest.get("size") and hashlib.sha256(data).hexdigest() == digest.get("sha256")


def _key(job):
    """A hash of everything a figure is drawn from: its suite's series, dates, commits and
    changes, the metric and the drawing code's version."""
    suite, metric, data, x, commits, changes, _ = job
    h = hashlib.sha256(f"{DRAWING_VERSION}|{suite}|{metric}|".encode())
    # JSON, not pickle: pickle's bytes depend on which equal strings are one object, which
    # differs between a run parsed from its file and one read from the run cache.
    h.update(json.dumps([data["keys"], list(commits), changes], sort_keys=True, default=str).encode())
    h.update(np.asarray(x).astype("datetime64[us]").tobytes())
    for name in sorted(data["values"]):
        h.update(name.encode())
        h.update(np.ascontiguousarray(data["values"][name]).tobytes())
    return h.hexdigest()


def _load_cache(out_dir):
    """The figure cache, or {} when there is none or it is not a regular JSON file (never
    opened blocking: a FIFO in its place cannot hang the dashboard)."""
    try:
        cache = load_json(os.path.join(out_dir, CACHE))
        return cache if isinstance(cache, dict) else {}
    except InputError:
        return {}


def draw_all(series, changes, out_dir, workers=None):
    """{suite: [(metric, stem)]} of every figure under OUT_DIR. A figure whose inputs hash as
    in OUT_DIR/cache.json and whose file has the size and hash recorded there is kept; the
    others are drawn (each to a temp file renamed into place) in parallel worker processes
    when there are several CPUs and several figures to draw."""
    os.makedirs(out_dir, exist_ok=True)
    x = series["dates"]
    jobs = [(suite, metric, data, x, series["commits"], [c for c in changes if c["suite"] == suite], out_dir)
            for suite, data in series["suites"].items() for metric in FIGURES]
    cache, fresh = _load_cache(out_dir), {}
    done, todo = [], []
    for job in jobs:
        key = f"{job[0]}-{job[1]}"
        fresh[key] = {"hash": _key(job)}
        old = cache.get(key)
        if isinstance(old, dict) and old.get("hash") == fresh[key]["hash"] and _intact(out_dir, old):
            done.append((job[0], job[1], old.get("stem"), old.get("file")))
        else:
            todo.append(job)
    workers = workers or min(len(todo), os.cpu_count() or 1)
    if workers > 1 and len(todo) > 20:  # a fork costs more than a few figures
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            done += pool.map(_draw, todo, chunksize=1)
    else:
        done += [_draw(job) for job in todo]
    for suite, metric, stem, digest in done:
        fresh[f"{suite}-{metric}"].update(stem=stem, file=digest)
    write_text(json.dumps(fresh), os.path.join(out_dir, CACHE))
    order = {m: i for i, m in enumerate(FIGURES)}
    figures = {}
    for suite, metric, stem, _ in sorted(done, key=lambda d: (d[0], order[d[1]])):
        if stem:
            figures.setdefault(suite, []).append((metric, stem))
    return {suite: figures[suite] for suite in series["suites"] if suite in figures}
