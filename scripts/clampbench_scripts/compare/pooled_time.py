# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Pooled time evidence: one test per suite and one over the whole run, beside the per-row calls.

A change that moves many rows the same way is evidence even when no row is significant alone,
but the rows of one run are not independent replicates: they share that run's machine (its
load, frequency, heap layout, which core), so a test that counts rows as samples (a sign or
signed-rank test over rows, a t over rows) mistakes one slow run for a slowdown of every row
and calls A/A pairs. Here the unit stays the run. For a group G of rows (a suite, or all rows)
each run r contributes one number, the mean of G's log medians in that run, m_r. The group's
log ratio is D = mean(head m) - mean(base m), which is also the mean of its rows' log ratios
(exp(D): the geometric mean ratio). Its noise is the spread of m_r between the runs of one
side, i.e. the A/A spread of the group mean itself: it contains the run effect the rows share
in full, and of the rows' own noise only what averaging over them leaves. That is the
two-level (run effect + row noise) model's variance of D without estimating its correlation:
whatever the rows share, the runs measure it, and A/A stays calibrated. A suite's
independent row noise averages away (sigma/sqrt(rows)); a shared run effect does not, and the
test then has exactly the power the runs give it.

With two runs a side each group's spread has 2 degrees of freedom, so the suites' variances
are moderated toward their median (a prior worth PRIOR_DF runs, as time_calls moderates rows),
and the whole-run group toward the same prior (conservative when the whole run is quieter than
a suite). Moderation only ever raises a variance: a suite noisier than the others keeps its own
spread (measured: a 3-row suite of 0.7 ms calls that map and unmap 3 MiB each drifted x0.65 in
an A/A pair; shrunk toward the quiet suites it was called BETTER). Student's t, then Benjamini-Hochberg over all groups; a call needs q < alpha and a
change of at least min_effect, as a row's does.

Minimum detectable effect (MDE): the slowdown the gate calls with probability POWER, given
the measured noise and the run counts: exp((t_crit + t_power) * se) - 1, with t_crit the
two-sided critical value at alpha / groups (the Benjamini-Hochberg threshold of a change that
is alone in its comparison) and se = sigma * sqrt(1/n_base + 1/n_head); never below
min_effect. "No regression" rules out slowdowns above the largest suite MDE, and only that.
"""
import math
import statistics

from clampbench_scripts.compare.time_calls import (NOT_ASSESSED, PRIOR_DF, _history_spread, _side_spread, call_tested,
                                          student_test)

WHOLE_RUN = "(all suites)"


def suite_of(key):
    """The suite of a row key (case_id, variant): the case id's first component."""
    return key[0].split("/", 1)[0]


def groups_of(keys):
    """{group: [keys]}: one per suite, in first-seen order, then the whole run."""
    groups = {}
    for key in keys:
        groups.setdefault(suite_of(key), []).append(key)
    if len(groups) > 1:
        groups[WHOLE_RUN] = list(keys)
    return groups


def _run_means(runs, keys):
    """Per run ({key: log median}) the mean over KEYS; runs lacking one of them are skipped."""
    if not keys:
        return []
    return [statistics.fmean(run[k] for k in keys) for run in runs if all(k in run for k in keys)]


def decide_groups(groups, base_runs, head_runs, history=(), stated_cv=None, alpha=0.05, min_effect=0.05,
                  held=None):
    """{group: entry} for GROUPS ({name: [keys]}) over runs given as [{key: log median}].

    Entry: call, ratio, p_value, q_value, sigma (of one run's group mean), df, rows, n_base,
    n_head, mde (relative slowdown, e.g. 0.12) and a reason when AMBIGUOUS or NOT_ASSESSED."""
    out, spreads = {}, {}
    for name, keys in groups.items():
        complete = [k for k in keys if all(k in r for r in base_runs) and all(k in r for r in head_runs)]
        b, h = (_run_means(base_runs, complete), _run_means(head_runs, complete)) if complete else ([], [])
        entry = {"rows": len(complete), "n_base": len(b), "n_head": len(h), "ratio": None, "p_value": None,
                 "q_value": None, "sigma": None, "df": None, "mde": None, "reason": None}
        out[name] = entry
        if not complete or not b or not h:
            entry.update(call=NOT_ASSESSED, reason="no row timed in every run of both sides")
            continue
        entry["_d"] = statistics.fmean(h) - statistics.fmean(b)
        entry["ratio"] = math.exp(entry["_d"])
        parts = (_side_spread(b), _side_spread(h), _history_spread(_run_means(history, complete)))
        ss, df = sum(p[0] for p in parts), sum(p[1] for p in parts)
        if df:
            spreads[name] = (ss / df, df)
    suite_vars = [v for name, (v, _) in spreads.items() if name != WHOLE_RUN] or [v for v, _ in spreads.values()]
    prior = statistics.median(suite_vars) if suite_vars else None
    tested = []
    for name, entry in out.items():
        if "_d" not in entry:
            continue
        if stated_cv:  # a row's stated noise, taken as shared in full by the group's rows
            sigma, df = math.log1p(stated_cv), None
        elif prior is not None:
            var, own_df = spreads.get(name, (0.0, 0))
            moderated = (PRIOR_DF * prior + own_df * var) / (PRIOR_DF + own_df)
            sigma, df = math.sqrt(max(var, moderated)), PRIOR_DF + own_df
        else:
            sigma = df = None
        if held or sigma is None:
            entry.update(call=NOT_ASSESSED, reason=held or "no estimate of the run-to-run noise")
            continue
        student_test(entry, entry["_d"], sigma, df, entry["n_base"], entry["n_head"])
        tested.append(name)
    call_tested(out, tested, alpha, min_effect)
    for entry in out.values():
        entry.pop("_d", None)
    return out


def worst_mde(pooled):
    """(largest MDE over the suites, its suite); (None, None) when no suite was assessed."""
    found = [(e["mde"], name) for name, e in pooled.items() if name != WHOLE_RUN and e.get("mde") is not None]
    return max(found) if found else (None, None)
