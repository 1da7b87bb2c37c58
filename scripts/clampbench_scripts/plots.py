# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's figures (the only module that imports matplotlib; Agg backend).

One figure per suite and metric, one small panel per case, one line per variant, x the run
date; detected changes are marked with a dashed vertical line in the panel they belong to.
"""
import math
import multiprocessing
import os

import matplotlib

matplotlib.use("Agg")
matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, faster SVGs
matplotlib.rcParams["svg.hashsalt"] = "clampbench"  # reproducible SVG ids
import matplotlib.dates as mdates  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from matplotlib.ticker import FuncFormatter, MaxNLocator  # noqa: E402

from clampbench_scripts.units import fmt_bytes  # noqa: E402

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


def x_ticks(x, commits, most=6):
    """Tick positions and "MM-DD / commit" labels: every run when few, else MOST evenly
    spaced runs (computed once: date locators per panel cost more than the plotting)."""
    n = len(x)
    picks = range(n) if n <= most else np.unique(np.linspace(0, n - 1, most).round().astype(int))
    labels = [f"{mdates.num2date(x[i]):%m-%d}\n{commits[i]}" for i in picks]
    return [x[i] for i in picks], labels


def _layout(fig, nrows, ncols):
    """Fixed margins in inches (tight_layout measures every tick label: too slow here)."""
    w, h = fig.get_size_inches()
    fig.subplots_adjust(left=0.75 / w, right=1 - 0.2 / w, bottom=0.55 / h, top=1 - 0.95 / h,
                        wspace=0.9 / (w / ncols), hspace=0.95 / (h / nrows))


def suite_figure(suite, data, x, commits, metric, changes, out_dir):
    """Draws one suite's METRIC figure; returns the file stem, or None when nothing to draw."""
    title, ylabel, key, band, non_reference = FIGURES[metric]
    cases = list(dict.fromkeys(case for case, _ in data["keys"]))
    variants = list(dict.fromkeys(v for _, v in data["keys"]))
    reference = variants[0] if variants else None
    values = data["values"][key]
    if not np.any(~np.isnan(values)):
        return None
    unit, scale = _time_scale(values) if metric == "time" else (None, 1.0)
    ncols = min(3, len(cases))
    nrows = math.ceil(len(cases) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(max(7.0, 4.2 * ncols), 2.6 * nrows + 1.0),
                             squeeze=False, sharex=True)
    marker = "o" if len(x) <= 30 else None
    flagged = {}
    for c in changes:
        if c["suite"] == suite and c["metric"] == CHANGE_METRIC.get(metric):
            flagged.setdefault(c["case_id"], set()).add(c["run"])
    handles = {}
    for ax, case in zip(axes.flat, cases):
        for k, (case_id, variant) in enumerate(data["keys"]):
            if case_id != case or (non_reference and variant == reference):
                continue
            y = values[k] / scale
            colour = colour_of(variant, variants)
            if band:
                lo, hi = (data["values"][b][k] / scale for b in band)
                ax.fill_between(x, lo, hi, color=colour, alpha=0.2, linewidth=0)
            style = "steps-post" if metric != "time" else "default"
            (line,) = ax.plot(x, y, color=colour, marker=marker, markersize=3, linewidth=1.4,
                              drawstyle=style, label=variant)
            handles.setdefault(variant, line)
        for run in sorted(flagged.get(case, ())):
            ax.axvline(x[run], color="#d62728", linestyle="--", linewidth=1)
            ax.annotate(commits[run], (x[run], 1.0), xycoords=("data", "axes fraction"),
                        fontsize=7, color="#d62728", ha="left", va="top")
        ax.set_title(case.split("/", 1)[-1], fontsize=8, y=1.0, pad=3)  # fixed y: no re-layout
        ax.grid(True, alpha=0.3)
        ax.yaxis.set_major_locator(MaxNLocator(nbins=5, integer=metric in ("allocations", "saving")))
        if metric in ("bytes", "peak"):
            ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: fmt_bytes(v)))
        ax.tick_params(labelsize=7)
    ticks, labels = x_ticks(x, commits)
    first = axes.flat[0]
    first.set_xticks(ticks)  # the x axes are shared: one locator for all panels
    first.set_xticklabels(labels)
    if len(x) == 1:
        first.set_xlim(x[0] - 1, x[0] + 1)
    for ax in axes.flat[len(cases) - ncols:len(cases)]:
        ax.tick_params(axis="x", labelbottom=True)  # the bottom panel of each column
    for ax in axes.flat[len(cases):]:
        ax.set_visible(False)
    for row in axes:
        row[0].set_ylabel(ylabel + (f" ({unit})" if unit else ""), fontsize=8)
    _layout(fig, nrows, ncols)
    return _finish(fig, suite, title, handles, metric, out_dir)


def _finish(fig, suite, title, handles, metric, out_dir):
    """Title top left, legend under it, PNG + SVG written; returns the file stem."""
    fig.suptitle(f"{suite}: {title}", fontsize=11, fontweight="bold", x=0.01, y=0.995,
                 ha="left", va="top")
    fig.legend(list(handles.values()), list(handles), loc="upper left", ncol=len(handles),
               fontsize=8, frameon=False, bbox_to_anchor=(0.0, 1 - 0.28 / fig.get_figheight()))
    stem = f"{suite}-{metric}"
    fig.savefig(os.path.join(out_dir, stem + ".png"), dpi=80)
    fig.savefig(os.path.join(out_dir, stem + ".svg"))
    plt.close(fig)
    return stem


def suite_bars(suite, data, metric, out_dir):
    """A one-run history has no trend: grouped bars, one group per case, one bar per variant."""
    title, ylabel, key, band, non_reference = FIGURES[metric]
    cases = list(dict.fromkeys(case for case, _ in data["keys"]))
    variants = list(dict.fromkeys(v for _, v in data["keys"]))
    shown = variants[1:] if non_reference else variants
    values = data["values"][key][:, -1]
    if not shown or np.all(np.isnan(values)):
        return None
    unit, scale = _time_scale(values) if metric == "time" else (None, 1.0)
    fig, ax = plt.subplots(figsize=(max(7.0, 0.9 * len(cases) * len(shown) + 2), 4.2))
    width = 0.8 / len(shown)
    where = {k: i for i, k in enumerate(data["keys"])}
    handles = {}
    for j, variant in enumerate(shown):
        ks = [where.get((c, variant)) for c in cases]
        pos = np.arange(len(cases)) + (j - (len(shown) - 1) / 2) * width
        y = np.array([np.nan if k is None else values[k] for k in ks]) / scale
        err = None
        if band:
            lo, hi = (np.array([np.nan if k is None else data["values"][b][k, -1] for k in ks]) / scale
                      for b in band)
            err = np.nan_to_num(np.vstack([y - lo, hi - y]).clip(min=0))
        handles[variant] = ax.bar(pos, np.nan_to_num(y), width, yerr=err, capsize=2,
                                  color=colour_of(variant, variants), label=variant)
    ax.set_xticks(np.arange(len(cases)))
    ax.set_xticklabels([c.split("/", 1)[-1] for c in cases], rotation=20, ha="right", fontsize=7)
    ax.set_ylabel(ylabel + (f" ({unit})" if unit else ""), fontsize=8)
    ax.grid(True, axis="y", alpha=0.3)
    if metric in ("bytes", "peak"):
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: fmt_bytes(v)))
    ax.yaxis.set_major_locator(MaxNLocator(nbins=6, integer=metric in ("allocations", "saving")))
    ax.tick_params(labelsize=7)
    fig.subplots_adjust(left=0.75 / fig.get_figwidth(), right=1 - 0.2 / fig.get_figwidth(),
                        bottom=1.25 / 4.2, top=1 - 0.85 / 4.2)
    return _finish(fig, suite, title + " (latest run)", handles, metric, out_dir)


def _draw_suite(job):
    suite, data, x, commits, changes, out_dir = job
    written = []
    for metric in FIGURES:
        if len(x) == 1:
            stem = suite_bars(suite, data, metric, out_dir)
        else:
            stem = suite_figure(suite, data, x, commits, metric, changes, out_dir)
        if stem:
            written.append((metric, stem))
    return suite, written


def draw_all(series, changes, out_dir, workers=None):
    """{suite: [(metric, stem)]} of every figure written under OUT_DIR; suites are drawn
    in parallel worker processes when there are several CPUs and enough work."""
    os.makedirs(out_dir, exist_ok=True)
    x = mdates.date2num(series["dates"].astype("datetime64[us]").astype(object)) \
        if len(series["dates"]) else np.array([])
    jobs = [(suite, data, x, series["commits"], changes, out_dir)
            for suite, data in series["suites"].items()]
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    if workers > 1 and len(x) * len(jobs) > 200:
        with multiprocessing.get_context("fork").Pool(workers) as pool:
            done = pool.map(_draw_suite, jobs, chunksize=1)
    else:
        done = [_draw_suite(job) for job in jobs]
    return {suite: written for suite, written in done if written}
