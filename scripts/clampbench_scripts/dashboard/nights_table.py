# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The gate night by night (the history's nights.jsonl): what each night's gate said, whether
it became the baseline, who accepted it, and what a NOT ASSESSED night could not see. A night
that kept the old baseline is shown as such, so a dashboard reader never takes a NOT ASSESSED
night for a passed one."""
import os

from clampbench_scripts.common.escape import html_text as _esc

SHOWN = 30       # nights in the table, newest first
NAMES_SHOWN = 5  # figures named per night; the rest counted

_CLASS = {"passed": "ok", "regression": "bad", "not assessed": "warn", "not recorded": "warn"}
# What a gated history says of a latest run that has no record of its own (the night was killed
# between history add and accept, or its accept was refused): never the previous night's pass.
NOT_RECORDED = {"verdict": "not recorded", "baseline": "kept", "not_assessed": [], "failing": []}


def _badge(verdict, text=None):
    return f'<span class="badge {_CLASS.get(verdict, "bad")}">{_esc(text or verdict)}</span>'


def _found(item):
    """What the gate called (the failing categories) and what it could not see (named)."""
    failing = [str(n) for n in (item.get("failing") or [])]
    names = [str(n) for n in (item.get("not_assessed") or [])]
    parts = [f"worse: {_esc(', '.join(failing))}"] if failing else []
    if names:
        more = f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else ""
        parts.append("not assessed: " + "; ".join(_esc(n) for n in names[:NAMES_SHOWN]) + _esc(more))
    return "<br>".join(parts)


def _baseline(item):
    if item.get("baseline") != "replaced":
        return "kept the old baseline"
    who = item.get("accepted_by")
    return f"became the baseline, <b>accepted by {_esc(who)}</b>" if who else "became the baseline"


def of_runs(runs, log):
    """LOG's entries ({history file name: entry}) of RUNS, oldest first."""
    return [log[name] for name in (os.path.basename(r["path"]) for r in runs) if name in log]


def latest_record(runs, log):
    """The gate's record of the latest of RUNS: its own, NOT_RECORDED when LOG holds records
    but none of it, None when no night of LOG was ever gated (a history made by hand)."""
    if not runs or not log:
        return None
    return log.get(os.path.basename(runs[-1]["path"]), NOT_RECORDED)


def latest_badge(item):
    """ITEM (latest_record) as a badge, "" when there is none."""
    if not item:
        return ""
    kept = "" if item.get("baseline") == "replaced" else ", baseline kept"
    return " " + _badge(item.get("verdict"), f"gate: {item.get('verdict')}{kept}")


def table(items):
    """The section's HTML ("" when no night was gated)."""
    if not items:
        return ""
    out = ["<h2>The gate, night by night</h2>",
           "<p class=meta>Only a night the gate fully assessed and passed becomes the baseline; a "
           "regression or a NOT ASSESSED night keeps the old one unless accepted by name.</p>",
           "<table><tr><th class=l>night</th><th class=l>gate</th><th class=l>baseline</th>"
           "<th class=l>what it called, or could not see</th></tr>"]
    for item in reversed(items[-SHOWN:]):
        ahead = item.get("run_clock_ahead")
        clock = f"<br><span class=meta>run clock ahead: {_esc(ahead)}</span>" if ahead else ""
        out.append(f"<tr><td class=l>{_esc(item.get('run'))}{clock}</td><td class=l>{_badge(item.get('verdict'))}</td>"
                   f"<td class=l>{_baseline(item)}</td><td class=l>{_found(item)}</td></tr>")
    out.append("</table>")
    return "\n".join(out)
