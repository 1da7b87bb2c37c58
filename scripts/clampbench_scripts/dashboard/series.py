# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The history as numpy arrays: per suite, one row per (case_id, variant), one column per run.

Missing figures (a row absent from a run, a failed call, timing off, a host_cost block absent or
unreadable) are NaN. The host cost figures are host_ops (host_cost.ops), launches, syncs,
h2d_copies, d2h_copies and check_syncs.
"""
import numpy as np

from clampbench_scripts.common.host_cost import FIGURES, figure

HOST_COST_METRICS = ("host_ops", "launches", "syncs", "h2d_copies", "d2h_copies", "check_syncs")
METRICS = ("allocations", "bytes_requested", "peak_bytes", "saved_allocations", "saved_bytes",
           "time_median", "time_p10", "time_p90") + HOST_COST_METRICS


def _figures(row):
    ledger = row["ledger"] or {}
    t = row["time"] or {}
    return (ledger.get("allocations"), ledger.get("bytes_requested"), ledger.get("peak_bytes"),
            row["saved_allocations"], row["saved_bytes"],
            t.get("median"), t.get("p10"), t.get("p90")) + tuple(figure(row, f) for f in FIGURES)


def build(runs):
    """{"runs": [...], "dates": datetime64[s] array, "commits": [...], "suites": {suite: {
    "keys": [(case_id, variant)], "values": {metric: 2-D float array}}}}."""
    n = len(runs)
    keys_by_suite = {}
    for run in runs:
        for key, row in run["rows"].items():
            keys_by_suite.setdefault(row["suite"], {}).setdefault(key, None)
    cubes, index = {}, {}
    for suite, keys in keys_by_suite.items():
        cubes[suite] = np.full((len(METRICS), len(keys), n), np.nan)
        index.update({key: (cubes[suite], i) for i, key in enumerate(keys)})
    for j, run in enumerate(runs):  # one pass over every row of every run
        for key, row in run["rows"].items():
            cube, i = index[key]
            cube[:, i, j] = [np.nan if v is None else v for v in _figures(row)]
    suites = {suite: {"keys": list(keys), "values": dict(zip(METRICS, cubes[suite]))}
              for suite, keys in keys_by_suite.items()}
    dates = np.array([str(r["env"].get("time") or "1970-01-01T00:00:00Z").rstrip("Z")
                      for r in runs], dtype="datetime64[s]")
    commits = [str(r["env"].get("git_commit") or "?")[:7] for r in runs]
    return {"runs": runs, "dates": dates, "commits": commits, "suites": suites}
