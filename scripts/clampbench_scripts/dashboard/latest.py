# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One configuration's latest run against the run before it and the baseline, computed once
for its page (site.py shows every row) and the index (index_page.py shows the counts): the
time calls with the noise of the history before the latest run, and per comparison how many
rows got worse in allocations or bytes (exact), host cost (exact), instructions and time (their calls, as the
page colours them)."""
from clampbench_scripts.compare import calls, comparison, time_calls
from clampbench_scripts.dashboard import host_cost_table


def _time_calls(series, rows, previous, baseline, envs):
    """The latest run's time calls against the previous run and the baseline, with the
    run-to-run noise measured over the history before it (comparison.time_entries)."""
    history = [(r["env"], r["rows"]) for r in series["runs"][:-1]]
    out = {"pooled": {}}
    for name, other, other_env in (("prev", previous, envs[1]), ("base", baseline or {}, envs[2])):
        keys = [k for k in rows if k in other]
        found = comparison.time_entries([(other_env, other)], [(envs[0], rows)], keys, history) if keys else None
        out[name] = found[0] if found else {}
        out["pooled"][name] = found[3] if found else {}
    return out


def context(series):
    """{"latest", "env", "rows", "previous", "prev_env", "baseline", "envs", "time"} of SERIES
    (series.build, with "baseline_rows"/"baseline_env" set, None when there is none)."""
    runs = series["runs"]
    latest = runs[-1]
    previous = runs[-2]["rows"] if len(runs) > 1 else {}
    prev_env = runs[-2]["env"] if len(runs) > 1 else {}
    baseline = series.get("baseline_rows")
    envs = (latest["env"], prev_env, series.get("baseline_env") or {})
    return {"latest": latest, "env": latest["env"], "rows": latest["rows"], "previous": previous,
            "prev_env": prev_env, "baseline": baseline, "envs": envs,
            "time": _time_calls(series, latest["rows"], previous, baseline, envs)}


def unexpected_rows(rows):
    """The latest run's rows whose verdict or findings were not as expected."""
    return [r for r in rows.values() if not r["expected"] or not r.get("findings_expected", True)]


def _ledger(row, key):
    return (row.get("ledger") or {}).get(key)


def _against(rows, other, head_env, other_env, time):
    """Counts of the rows compared with OTHER and of those that got worse, or None when there
    is nothing to compare with."""
    keys = [k for k in rows if k in other]
    if not keys:
        return None
    worse = {"allocations": 0, "instructions": 0, "host_cost": 0, "time": 0, "time_not_assessed": 0}
    for key in keys:
        row, was = rows[key], other[key]
        if any(calls.exact_call(_ledger(was, f), _ledger(row, f)) == calls.WORSE
               for f in ("allocations", "bytes_requested")):
            worse["allocations"] += 1
        worse["host_cost"] += host_cost_table.worse(was, row)
        entry = comparison.instructions_call_between(was, row, other_env, head_env)
        worse["instructions"] += entry is not None and entry.get("call") == calls.WORSE
        call = (time.get(key) or {}).get("call")
        worse["time"] += call == calls.WORSE
        worse["time_not_assessed"] += call == time_calls.NOT_ASSESSED
    return {"rows": len(keys), **worse}


def status(series, ctx):
    """What the index says of this configuration's latest run."""
    env, rows = ctx["env"], ctx["rows"]
    outcome = ctx["latest"].get("outcome") or {}
    vs_prev = _against(rows, ctx["previous"], env, ctx["prev_env"], ctx["time"]["prev"])
    vs_base = _against(rows, ctx["baseline"] or {}, env, ctx["envs"][2], ctx["time"]["base"])
    regressed = any(c[k] for c in (vs_prev, vs_base) if c for k in ("allocations", "instructions", "host_cost", "time"))
    return {"runs": len(series["runs"]), "time": env.get("time"), "commit": env.get("git_commit"),
            "branch": env.get("git_branch"), "outcome": outcome.get("status"),
            "cases": len({r["case_id"] for r in rows.values()}), "rows": len(rows),
            "unexpected": len(unexpected_rows(rows)),
            "internal_errors": len(outcome.get("internal_errors") or []),
            "vs_prev": vs_prev, "vs_base": vs_base, "regressed": regressed}
