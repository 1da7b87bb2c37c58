# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Change detection over a history.

Allocation and host cost figures are exact: every run whose value differs from the previous run that had
one is a step. Times are noisy: a run starts a step only when it and the PERSIST - 1 runs
after it all lie on the same side of the median of the preceding window, each by more than
max(SIGMAS * sigma, MIN_EFFECT * median), sigma being 1.4826 * the MAD of that window. A
one-off blip does not persist; after a step the window restarts at the new level.
"""
import numpy as np

from clampbench_scripts.dashboard.series import HOST_COST_METRICS

PERSIST = 3
WINDOW = 20
MIN_WINDOW = 5
SIGMAS = 3.0
MIN_EFFECT = 0.05


def exact_steps(values):
    """[(run index, before, after)] where a deterministic figure changed (NaNs skipped)."""
    idx = np.flatnonzero(~np.isnan(values))
    if idx.size < 2:
        return []
    v = values[idx]
    at = np.flatnonzero(v[1:] != v[:-1]) + 1
    return [(int(idx[k]), float(v[k - 1]), float(v[k])) for k in at]


def _median(a):
    """np.median of a short NaN-free array, without its per-call overhead (ten times the
    sort of 20 numbers; this runs a few times per row and run of a history)."""
    s = np.sort(a)
    return (s[(s.size - 1) // 2] + s[s.size // 2]) / 2


def _step_at(v, lo, i, persist, sigmas, min_effect):
    """Whether v[i:i+persist] steps away from the window v[lo:i]; (before, after) or None."""
    pre = v[lo:i]
    centre = _median(pre)
    sigma = 1.4826 * _median(np.abs(pre - centre))
    threshold = max(sigmas * sigma, min_effect * abs(centre))
    dev = v[i:i + persist] - centre
    if np.all(dev > threshold) or np.all(dev < -threshold):
        return float(centre), float(_median(v[i:i + persist]))
    return None


def _full_window_candidates(v, persist, window, sigmas, min_effect):
    """Run indices i >= window where the test holds over the full window v[i-window:i];
    the same test as _step_at, done for all i at once."""
    n = v.size
    if n < window + persist:
        return np.empty(0, dtype=int)
    view = np.lib.stride_tricks.sliding_window_view
    pre = view(v[:n - persist], window)  # row r is v[r:r+window], the window of i = r+window
    centre = np.median(pre, axis=1)
    sigma = 1.4826 * np.median(np.abs(pre - centre[:, None]), axis=1)
    threshold = np.maximum(sigmas * sigma, min_effect * np.abs(centre))
    post = view(v[window:], persist)[:centre.size] - centre[:, None]
    hit = np.all(post > threshold[:, None], axis=1) | np.all(post < -threshold[:, None], axis=1)
    return np.flatnonzero(hit) + window


def time_steps(values, persist=PERSIST, window=WINDOW, min_window=MIN_WINDOW,
               sigmas=SIGMAS, min_effect=MIN_EFFECT):
    """[(run index, level before, level after)] of persistent steps in a noisy series."""
    idx = np.flatnonzero(~np.isnan(values))
    v = values[idx]
    candidates = _full_window_candidates(v, persist, window, sigmas, min_effect)
    steps = []
    start = 0  # the window never reaches back over a step already found
    i = min_window
    while i + persist <= v.size:
        if i >= start + window:  # full window: jump to the next precomputed candidate
            k = np.searchsorted(candidates, i)
            if k == candidates.size:
                break
            i = int(candidates[k])
        hit = _step_at(v, max(start, i - window), i, persist, sigmas, min_effect)
        if hit:
            steps.append((int(idx[i]), hit[0], hit[1]))
            start = i
            i += min_window
        else:
            i += 1
    return steps


EXACT_METRICS = ("allocations", "bytes_requested", "peak_bytes") + HOST_COST_METRICS


def detect(series):
    """[{suite, case_id, variant, metric, run, before, after}] over the whole history."""
    found = []
    for suite, data in series["suites"].items():
        vals = data["values"]
        for k, (case_id, variant) in enumerate(data["keys"]):
            for metric in EXACT_METRICS:
                for run, before, after in exact_steps(vals[metric][k]):
                    found.append(dict(suite=suite, case_id=case_id, variant=variant,
                                      metric=metric, run=run, before=before, after=after))
            for run, before, after in time_steps(vals["time_median"][k]):
                found.append(dict(suite=suite, case_id=case_id, variant=variant,
                                  metric="time_median", run=run, before=before, after=after))
    found.sort(key=lambda c: (-c["run"], c["suite"], c["case_id"], c["variant"], c["metric"]))
    return found
