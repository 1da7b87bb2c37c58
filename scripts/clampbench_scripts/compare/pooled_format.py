# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The comparison's verdict and its pooled time evidence as text: per suite and over the whole
run, the ratio, q-value, call and minimum detectable effect (pooled_time.py). "No regression"
is only ever printed with the slowdown it rules out; a gate whose detectable effect is above
--max-mde says TIME NOT ASSESSED instead."""
from clampbench_scripts.common.units import fmt_ratio


def underpowered(result):
    """(worst suite MDE, suite) when time is gated and that MDE exceeds the result's max_mde
    (or min_effect, when larger: no change below it is ever called)."""
    worst = result.get("worst_mde") or [None, None]
    ceiling = max(result.get("max_mde", float("inf")), result.get("min_effect", 0.0))  # never below min effect
    if result.get("time_gated") and worst[0] is not None and worst[0] > ceiling:
        return tuple(worst)
    return None


def verdict(result, failing):
    """The RESULT line's text."""
    if failing:
        return f"REGRESSION in {', '.join(failing)}"
    time_unseen = bool(result.get("time_not_assessed") or underpowered(result))
    unseen = list(result.get("not_assessed") or {}) + (["time"] if time_unseen else [])
    if unseen and unseen != ["time"]:
        return f"NOT ASSESSED in {', '.join(unseen)}"
    if time_unseen:
        return "TIME NOT ASSESSED"
    worst = (result.get("worst_mde") or [None])[0]
    if not result.get("time_gated"):
        return "no regression (time not gated)"
    if worst is None:
        return "no regression"
    return f"no regression (no slowdown above {worst:.0%} in any suite)"


def power_lines(result, failing=()):
    """Headline lines about the time gate's power: why time is not assessed, when it is short
    (LOW POWER beside a regression, which is reported all the same)."""
    short = underpowered(result)
    if not short:
        return []
    return [f"{'LOW POWER' if failing else 'TIME NOT ASSESSED'}: a slowdown of {short[0]:.0%} in {short[1]} would go undetected (its minimum "
            f"detectable effect is above --max-mde {result['max_mde']:.0%}): give more runs per side "
            "(--base/--head), a history (--history), or run on a quieter machine"]


def _cells(name, e):
    q = "-" if e.get("q_value") is None else f"{e['q_value']:.2g}"
    mde = "-" if e.get("mde") is None else f"{e['mde']:.0%}"
    call = e["call"] + (f" ({e['reason']})" if e.get("reason") and e["call"] == "NOT_ASSESSED" else "")
    return (name, str(e["rows"]), fmt_ratio(e.get("ratio")), q, mde, call)


HEADERS = ("suite", "rows", "ratio (geo. mean)", "q", "MDE", "call")


def text_lines(result):
    pooled = result.get("pooled") or {}
    if not pooled:
        return []
    table = [HEADERS] + [_cells(n, e) for n, e in pooled.items()]
    widths = [max(len(r[i]) for r in table) for i in range(len(HEADERS))]
    return ["pooled time per suite (each run's mean log median; MDE: the slowdown called with "
            f"{result['time_noise'].get('power', 0.8):.0%} probability):"] + [
        "  " + "  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in table]


def markdown_lines(result):
    pooled = result.get("pooled") or {}
    if not pooled:
        return []
    out = ["### Time per suite (pooled over rows and runs)", "",
           "| " + " | ".join(HEADERS) + " |", "|" + "---|" * len(HEADERS)]
    for name, e in pooled.items():
        cells = _cells(name, e)
        bold = e["call"] == "WORSE"
        out.append("| " + " | ".join(f"**{c}**" if bold else c for c in cells) + " |")
    return out + ["", f"_MDE: the slowdown this gate calls with {result['time_noise'].get('power', 0.8):.0%} "
                      "probability at its false-discovery rate, given the measured run-to-run noise and run "
                      "counts._", ""]
