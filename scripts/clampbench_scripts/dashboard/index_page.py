# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The index over a history's configurations (device, backend, allocator): one line each
with its latest run (time, commit, outcome), its cases, what got worse against the run before
it and the baseline (latest.status), and a link to its own dashboard. Every string from a
results file is escaped (site.esc); the links are the configurations' directory names
(configs.slug), safe by construction."""
from clampbench_scripts.dashboard.site import STYLE, esc


def _versus(counts, missing):
    """One comparison's cell: what got worse, or MISSING when there was nothing to compare."""
    if counts is None:
        return f"<td class=l>{esc(missing)}</td>"
    worse = [f"{counts[k]} {name}" for k, name in (("allocations", "allocations/bytes"),
                                                     ("instructions", "instructions"), ("host_cost", "host cost"),
                                                     ("time", "time"))
             if counts.get(k)]
    text = ("worse: " + ", ".join(worse)) if worse else "nothing worse"
    if counts["time_not_assessed"]:
        text += f"; time not assessed in {counts['time_not_assessed']}"
    cls = ' class="l worse"' if worse else " class=l"
    return f"<td{cls}>{esc(text)} <span class=meta>({counts['rows']} rows)</span></td>"


def badge(status):
    """The configuration's state in one word or three, and its colour."""
    if status["internal_errors"]:
        return "bad", "internal error: run suspect"
    if status["unexpected"]:
        return "bad", f"{status['unexpected']} unexpected"
    gate = status.get("gate") or {}
    if status["regressed"] or (gate.get("verdict") == "regression" and gate.get("baseline") != "replaced"):
        return "bad", "regressed"
    if gate and gate.get("verdict") != "passed" and gate.get("baseline") != "replaced":
        return "warn", f"gate: {gate.get('verdict')}, baseline kept"
    if status["vs_prev"] is None and status["vs_base"] is None:
        return "warn", "not compared: first run"
    if any(c and c["time_not_assessed"] for c in (status["vs_prev"], status["vs_base"])):
        return "warn", "no regression seen; some times not assessed"
    return "ok", "no regression"


def _line(entry):
    config, slug, status = entry["config"], entry["slug"], entry["status"]
    colour, word = badge(status)
    return (f"<tr><td class=l><a href='{esc(slug)}/index.html'>{esc(config.get('device_name'))}</a></td>"
            f"<td class=l>{esc(config.get('backend'))}</td><td class=l>{esc(config.get('allocator'))}</td>"
            f'<td class=l><span class="badge {colour}">{esc(word)}</span></td>'
            f"<td>{status['runs']}</td><td class=l>{esc(status['time'])}</td>"
            f"<td class=l>{esc(str(status['commit'])[:10])} <span class=meta>{esc(status['branch'])}</span></td>"
            f"<td class=l>{esc(status['outcome'])}</td><td>{status['cases']}</td><td>{status['rows']}</td>"
            f"<td>{status['unexpected']}</td>"
            f"{_versus(status['vs_prev'], 'no previous run')}"
            f"{_versus(status['vs_base'], entry.get('baseline_missing') or 'no baseline')}</tr>")


def page(entries, notes):
    """ENTRIES: [{"config", "slug", "status", "baseline_missing"}], one per configuration;
    NOTES: lines already escaped (skipped files, the baseline)."""
    head = ("<tr><th class=l>device</th><th class=l>backend</th><th class=l>allocator</th>"
            "<th class=l>latest run</th><th>runs</th><th class=l>time</th><th class=l>commit</th>"
            "<th class=l>outcome</th><th>cases</th><th>rows</th><th>unexpected</th>"
            "<th class=l>vs previous run</th><th class=l>vs baseline</th></tr>")
    parts = ["<!DOCTYPE html><html lang=en><head><meta charset=utf-8><title>clampbench dashboards</title>"
             f"<style>{STYLE}</style></head><body>",
             "<h1>clampbench dashboards</h1>",
             f"<p class=meta>{len(entries)} configurations (device, backend, allocator), each with its own "
             "dashboard: runs of different configurations are never compared, trended or pooled.</p>"]
    if notes:
        parts.append("<ul class=meta>" + "".join(f"<li>{n}</li>" for n in notes) + "</ul>")
    parts += [f"<table>{head}", *(_line(e) for e in entries), "</table>", "</body></html>\n"]
    return "\n".join(parts)
