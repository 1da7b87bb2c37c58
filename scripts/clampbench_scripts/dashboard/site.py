# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's index.html: the latest run at a glance, the changes detected over the
history, then per suite a latest-run table (deltas vs the previous run and the baseline),
the host cost per call, the op-level savings and latent writes, and the trend figures. Static, self-contained except for
figures/*.svg."""

from clampbench_scripts.compare import calls, comparison
from clampbench_scripts.dashboard import hazards, host_cost_table, latest, nights_table
from clampbench_scripts.common import machine_load, repro
from clampbench_scripts.common.escape import html_text as esc
from clampbench_scripts.common.units import fmt_bytes, fmt_count, fmt_delta, fmt_time

STYLE = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1b1f24;background:#fff}
h1{margin:0 0 4px}h2{margin-top:36px;border-bottom:2px solid #1f77b4;padding-bottom:4px}
table{border-collapse:collapse;font-size:13px;margin:8px 0}
th,td{border:1px solid #d0d7de;padding:3px 8px;text-align:right}
th{background:#f3f5f7}td.l,th.l{text-align:left}
.meta{color:#57606a;font-size:14px}.worse{color:#b31d28;font-weight:600}.better{color:#1a7f37}
.badge{display:inline-block;padding:4px 12px;border-radius:12px;color:#fff;font-weight:700}
.ok{background:#1a7f37}.bad{background:#b31d28}.warn{background:#9a6700}
tr.unexpected td{background:#ffebe9}img{max-width:100%;border:1px solid #eee;margin:6px 0}
.figs{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}.fig{flex:0 1 auto;max-width:100%}
"""


def _delta_cell(d, fmt=fmt_count):
    if d is None:
        return "<td>-</td>"
    cls = ' class="worse"' if d > 0 else (' class="better"' if d < 0 else "")
    return f"<td{cls}>{esc(fmt_delta(d, fmt))}</td>"


def _call_cell(entry):
    """A ratio coloured only by its call (comparison.py decides, as in compare.py): a time
    change the test over runs cannot confirm, or one that could not be assessed, stays uncoloured,
    with the reason on hover."""
    if entry is None or entry.get("ratio") is None:
        return "<td>-</td>"
    cls = {calls.WORSE: ' class="worse"', calls.BETTER: ' class="better"'}.get(entry["call"], "")
    mde = f' (detectable: {entry["mde"]:.0%})' if entry.get("mde") is not None else ""
    why = (f' title="{esc(entry["call"])}: {esc(entry["reason"])}{mde}"' if entry.get("reason")
           else f' title="{esc(entry["call"])}{mde}"')
    return f"<td{cls}{why}>x{entry['ratio']:.2f}</td>"


def _median_time_cell(row):
    """The median time with the noise its sampling reached; '~' marks one that did not
    converge (it stopped at the timeout)."""
    median = (row["time"] or {}).get("median")
    if median is None:
        return "<td>-</td>"
    noise, converged = row.get("time_noise"), row.get("time_converged")
    text = fmt_time(median) + (f" ±{noise:.1%}" if noise is not None else "")
    if converged is False:
        return f'<td title="did not converge: stopped at the timeout">~{esc(text)}</td>'
    return f"<td>{esc(text)}</td>"


def _time_cell(entry):
    return _call_cell(entry)


def _instructions_cell(row, other, envs):
    if other is None:
        return "<td>-</td>"
    return _call_cell(comparison.instructions_call_between(other, row, envs[1], envs[0]))


def _figure_of(row, key):
    return (row["ledger"] or {}).get(key)


def _diff(a, b, key):
    x, y = _figure_of(a, key), (None if b is None else _figure_of(b, key))
    return None if x is None or y is None else x - y


def latest_table(rows, previous, baseline, envs=({}, {}, {}), time=None):
    """ENVS: the environments of the latest, previous and baseline runs (their instruction
    methods decide the instruction calls); TIME: {"prev": {key: entry}, "base": {...}}, the
    time calls of comparison.time_entries."""
    time = time or {"prev": {}, "base": {}}
    head = ("<tr><th class=l>case</th><th class=l>variant</th><th class=l>verdict</th>"
            "<th>allocs/call</th><th>Δ prev</th><th>Δ base</th>"
            "<th>bytes/call</th><th>Δ prev</th><th>Δ base</th><th>peak</th>"
            "<th>instructions/call</th><th>vs prev</th><th>vs base</th>"
            "<th>median time</th><th>vs prev</th><th>vs base</th></tr>")
    vs_prev, vs_base = (envs[0], envs[1]), (envs[0], envs[2])
    out = [f"<table>{head}"]
    for key, row in rows:
        prev, base = previous.get(key), baseline.get(key) if baseline is not None else None
        verdict = esc(row["verdict"]) + ("" if row["expected"] else
                                         f" <b>(expected {esc(row['expected_verdict'])})</b>")
        out.append(
            f'<tr{"" if row["expected"] else " class=unexpected"}>'
            f"<td class=l>{esc(row['case_id'].split('/', 1)[-1])}</td><td class=l>{esc(row['variant'])}</td>"
            f"<td class=l>{verdict}</td>"
            f"<td>{esc(fmt_count(_figure_of(row, 'allocations')))}</td>"
            f"{_delta_cell(_diff(row, prev, 'allocations'))}{_delta_cell(_diff(row, base, 'allocations'))}"
            f"<td>{esc(fmt_bytes(_figure_of(row, 'bytes_requested')))}</td>"
            f"{_delta_cell(_diff(row, prev, 'bytes_requested'), fmt_bytes)}"
            f"{_delta_cell(_diff(row, base, 'bytes_requested'), fmt_bytes)}"
            f"<td>{esc(fmt_bytes(_figure_of(row, 'peak_bytes')))}</td>"
            f"<td>{esc(fmt_count(row.get('instructions')))}</td>"
            f"{_instructions_cell(row, prev, vs_prev)}{_instructions_cell(row, base, vs_base)}"
            f"{_median_time_cell(row)}"
            f"{_time_cell(time['prev'].get(key))}{_time_cell(time['base'].get(key))}</tr>")
    return "\n".join(out) + "</table>"


def _change_value(metric, v):
    if metric == "time_median":
        return fmt_time(v)
    return fmt_bytes(v) if metric in ("bytes_requested", "peak_bytes") else fmt_count(v)


def changes_table(changes, series, limit=60):
    if not changes:
        return "<p>No step detected in allocations, bytes, peak bytes, host cost or time over the history.</p>"
    out = ["<table><tr><th class=l>run</th><th class=l>commit</th><th class=l>suite</th>"
           "<th class=l>case</th><th class=l>variant</th><th class=l>figure</th>"
           "<th>before</th><th>after</th><th class=l>repro</th></tr>"]
    env = series["runs"][-1]["env"] if series.get("runs") else {}
    for c in changes[:limit]:
        worse = c["after"] > c["before"]
        cmd = repro.run_command(c["suite"], c["case_id"], c["variant"], env.get("backend"), env.get("size_set"))
        out.append(f"<tr><td class=l>{esc(str(series['dates'][c['run']]).replace('T', ' '))}</td>"
                   f"<td class=l>{esc(series['commits'][c['run']])}</td><td class=l>{esc(c['suite'])}</td>"
                   f"<td class=l>{esc(c['case_id'].split('/', 1)[-1])}</td><td class=l>{esc(c['variant'])}</td>"
                   f"<td class=l>{esc(c['metric'])}</td><td>{esc(_change_value(c['metric'], c['before']))}</td>"
                   f'<td class="{"worse" if worse else "better"}">{esc(_change_value(c["metric"], c["after"]))}</td>'
                   f"<td class=l><code>{esc(cmd)}</code></td></tr>")
    more = f"<p>... and {len(changes) - limit} older changes.</p>" if len(changes) > limit else ""
    return "\n".join(out) + "</table>" + more


FLOOR_VARIANT = "fused"  # allocates only what the builder returns


def _floor_shares(rows):
    """{variant: [per case: allocations it saves / allocations the floor variant saves]}."""
    gap = {r["case_id"]: r["saved_allocations"] for r in rows
           if r["variant"] == FLOOR_VARIANT and r["saved_allocations"]}
    shares = {}
    for r in rows:
        if r["variant"] != FLOOR_VARIANT and r["case_id"] in gap and r["saved_allocations"] is not None:
            shares.setdefault(r["variant"], []).append(r["saved_allocations"] / gap[r["case_id"]])
    return shares


def suite_summary(latest_rows, changes):
    suites = list(dict.fromkeys(r["suite"] for r in latest_rows.values()))
    host = host_cost_table.recorded(latest_rows.values())  # a column only for runs that record it
    out = ["<table><tr><th class=l>suite</th><th>cases</th><th class=l>verdicts (variant: verdict x count)</th>"
           "<th>unexpected</th><th>allocations saved / call</th><th>bytes saved / call</th>"
           f"<th>share of the gap to {FLOOR_VARIANT}</th>"
           + ("<th>host ops/launches/syncs per call</th>" if host else "") + "<th>changes</th></tr>"]
    for suite in suites:
        rows = [r for r in latest_rows.values() if r["suite"] == suite]
        verdicts, saved_a, saved_b = {}, {}, {}
        for r in rows:
            verdicts.setdefault(r["variant"], {}).setdefault(r["verdict"], 0)
            verdicts[r["variant"]][r["verdict"]] += 1
            if r["saved_allocations"] is not None:
                saved_a.setdefault(r["variant"], []).append(r["saved_allocations"])
                saved_b.setdefault(r["variant"], []).append(r["saved_bytes"] or 0)
        unexpected = sum(1 for r in rows if not r["expected"])
        vtext = "; ".join(f"{v}: " + ", ".join(f"{k} x{n}" for k, n in d.items()) for v, d in verdicts.items())

        def span(d, fmt):
            return "<br>".join(f"{esc(v)}: {esc(fmt(min(xs)))}" + (f"..{esc(fmt(max(xs)))}" if max(xs) != min(xs) else "")
                               for v, xs in d.items() if v != rows[0]["variant"]) or "-"
        n_changes = sum(1 for c in changes if c["suite"] == suite)
        out.append(f"<tr><td class=l><a href='#{esc(suite)}'>{esc(suite)}</a></td>"
                   f"<td>{len({r['case_id'] for r in rows})}</td><td class=l>{esc(vtext)}</td>"
                   f'<td class="{"worse" if unexpected else ""}">{unexpected}</td>'
                   f"<td>{span(saved_a, fmt_count)}</td><td>{span(saved_b, fmt_bytes)}</td>"
                   f"<td>{span(_floor_shares(rows), lambda x: f'{100 * x:.0f}%')}</td>"
                   + (host_cost_table.summary_cell(rows) if host else "") + f"<td>{n_changes}</td></tr>")
    return "\n".join(out) + "</table>"


def _pooled_line(time, suite):
    """The suite's time against the previous run pooled over its rows (pooled_time.py): the
    ratio, the call, and the slowdown the history's noise lets it detect."""
    entry = (time.get("pooled") or {}).get("prev", {}).get(suite)
    if not entry or entry.get("ratio") is None:
        return ""
    mde = f"; a slowdown above {entry['mde']:.0%} would have been called" if entry.get("mde") is not None else ""
    return (f"<p class=meta>Time against the previous run, pooled over the suite's {entry['rows']} rows: "
            f"x{entry['ratio']:.3f}, {esc(entry['call'])}{esc(mde)}.</p>")


def _load_line(env, prev_env):
    """The machine load the latest run was timed under, and whether time calls were held."""
    load = env.get("machine_load")
    if not load:
        text = "machine load not recorded"
    else:
        text = (f"machine load {load['load_1m_start']:.1f} at the start, {load['load_1m_end']:.1f} at the end "
                f"on {load['cpus']} CPUs")
    held = [n for n in (machine_load.overload_note(prev_env, "previous run", 1.0),
                        machine_load.overload_note(env, "latest run", 1.0)) if n]
    if held:
        text += " &middot; <b>time changes not called</b>: " + esc("; ".join(held))
    method = (env.get("instructions") or {}).get("method")
    text += f" &middot; instructions counted with {esc(method)}" if method and method != "off" else " &middot; instructions not counted"
    return text


def page(series, changes, figures, baseline_note, skipped, other_configs, ctx=None, index_link=None,
         night_log=None):
    """The page of one configuration's runs. CTX: latest.context(series), made here when not
    given; INDEX_LINK: the address of the index over the configurations, when there is one;
    NIGHT_LOG: {history file name: the gate's record of that night} (nights.jsonl)."""
    ctx = ctx or latest.context(series)
    env, rows, previous, prev_env = ctx["env"], ctx["rows"], ctx["previous"], ctx["prev_env"]
    baseline, envs, time = ctx["baseline"], ctx["envs"], ctx["time"]
    unexpected = latest.unexpected_rows(rows)
    status = ('<span class="badge ok">all verdicts and findings as expected</span>' if not unexpected else
              f'<span class="badge bad">{len(unexpected)} unexpected verdict(s) or finding(s)</span>')
    internal = ctx["latest"].get("outcome", {}).get("internal_errors") or []
    if internal:
        status += (f' <span class="badge bad">internal error: run suspect</span>'
                   f'<ul class=meta>{"".join(f"<li>{esc(e)}</li>" for e in internal)}</ul>')
    nights = nights_table.of_runs(series["runs"], night_log or {})
    status += nights_table.latest_badge(nights_table.latest_record(series["runs"], night_log))
    n = len(series["runs"])
    first = str(series["dates"][0]).replace("T", " ")
    meta = (f"latest run <b>{esc(str(env.get('git_commit'))[:10])}</b> on {esc(env.get('git_branch'))}"
            f"{' (dirty)' if env.get('git_dirty') else ''}, {esc(env.get('time'))} &middot; device "
            f"<b>{esc(env.get('device_name'))}</b>, backend {esc(env.get('backend'))}, allocator "
            f"{esc(env.get('allocator'))}, sizes {esc(env.get('size_set'))}, {esc(env.get('repetitions'))} "
            f"repetitions &middot; {n} run(s) in the history since {esc(first)}<br>{_load_line(env, prev_env)}")
    notes = [esc(baseline_note)] if baseline_note else []
    notes += [f"skipped {esc(p)}: {esc(why)}" for p, why in skipped]
    if other_configs:
        where = f" (<a href='{esc(index_link)}'>all configurations</a>)" if index_link else ""
        notes.append(f"{other_configs} run(s) on other device/backend/allocator configurations not shown{where}")
    title, back = "clampbench dashboard", ""
    if index_link:  # one of several configurations: say which, and lead back to the others
        title += f": {esc(env.get('device_name'))}"
        back = f"<p class=meta><a href='{esc(index_link)}'>&larr; all configurations</a></p>"
    parts = [f"<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>{title}</title>"
             f"<style>{STYLE}</style></head><body>",
             f"{back}<h1>{title}</h1><p class=meta>{meta}</p><p>{status}</p>"]
    if notes:
        parts.append("<ul class=meta>" + "".join(f"<li>{n}</li>" for n in notes) + "</ul>")
    parts += [nights_table.table(nights), "<h2>Suites in the latest run</h2>", suite_summary(rows, changes),
              "<h2>Changes detected over the history</h2>",
              "<p class=meta>Allocation and host cost figures: every change. Time: a step that lasts 3 runs and "
              "exceeds max(3 sigma of the 20 runs before, 5%).</p>", changes_table(changes, series)]
    for suite, data in series["suites"].items():
        keys = [k for k in data["keys"] if k in rows]
        parts.append(f"<h2 id='{esc(suite)}'>{esc(suite)}</h2>")
        parts.append(_pooled_line(time, suite))
        parts.append(latest_table([(k, rows[k]) for k in keys], previous, baseline, envs, time))
        parts.append(host_cost_table.table([(k, rows[k]) for k in keys], previous, baseline))
        suite_rows = [rows[k] for k in keys]
        parts += ["<h3>What each variant saves, op by op</h3>", hazards.savings_table(suite_rows),
                  "<h3>Latent writes</h3>", hazards.latent_table(suite_rows)]
        parts.append("<div class=figs>")
        for metric, stem in figures.get(suite, []):
            parts.append(f"<div class=fig><a href='figures/{esc(stem)}.svg'>"
                         f"<img src='figures/{esc(stem)}.svg' alt='{esc(suite)} {esc(metric)}'></a></div>")
        parts.append("</div>")
    parts.append("</body></html>\n")
    return "\n".join(parts)
