# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's answer as text: one line per suite (assessed or not, call, ratio, MDE,
pairs of runs used), the rows called under a suite's call, and the RESULT line. Names come
from results files: they are data, printed with control characters escaped."""

from clampbench_scripts.common.escape import escaped, terminal_text as safe
from clampbench_scripts.compare.compare_format import not_assessed_lines


def _pct(value):
    return "-" if value is None else f"{value:.0%}"


def verdict(doc):
    """The RESULT line."""
    suites = doc["suites"]
    if doc["exit_code"] == 1:
        parts = [f"time in {', '.join(map(safe, doc['worse']))}"] if doc["worse"] else []
        parts += [f"{c} (first pair)" for c in doc.get("exact_failing", [])]
        return "RESULT: REGRESSION: " + "; ".join(parts)
    if not suites:
        return f"RESULT: TIME NOT ASSESSED: no pair of runs finished ({doc['stop']})"
    assessed = [e["mde"] for e in suites.values() if e["assessed"] and e.get("mde") is not None]
    rules_out = f"no slowdown above {max(assessed):.0%} in the assessed suites" if assessed else "nothing ruled out"
    exact = list(doc.get("exact_not_assessed") or {})
    exact_text = f"NOT ASSESSED in {', '.join(exact)} (the first pair's exact figures); " if exact else ""
    if doc["not_assessed"]:
        named = ", ".join(f"{safe(n)} (MDE {_pct(suites[n].get('mde'))} after {suites[n].get('pairs', 0)} pairs)"
                          for n in doc["not_assessed"])
        return (f"RESULT: TIME NOT ASSESSED in {len(doc['not_assessed'])} of {len(suites)} suites: {named}; "
                f"{exact_text}{rules_out}")
    if exact:
        return f"RESULT: {exact_text}time: no slowdown above {max(assessed):.0%} in any suite"
    return f"RESULT: no regression (no slowdown above {max(assessed):.0%} in any suite)"


def text(doc):
    cfg = doc["config"]
    lines = [f"gate.py: {len(doc['suites'])} suites, {doc['pairs']} pairs of runs in {doc['wall_s']:.0f} s "
             f"(budget {cfg['budget_s']:.0f} s, --max-mde {cfg['max_mde']:.0%}, alpha {cfg['alpha']:g} over "
             f"{cfg['max_pairs']} looks); stopped: {doc['stop']}", "",
             f"{'suite':<28} {'assessed':<9} {'call':<13} {'ratio':>7} {'MDE':>5} {'pairs':>5} {'rows':>4}"]
    for name, e in doc["suites"].items():
        ratio = "-" if e.get("ratio") is None else f"x{e['ratio']:.3f}"
        lines.append(f"{safe(name):<28} {'yes' if e['assessed'] else 'NO':<9} {e['call'] or '-':<13} {ratio:>7} "
                     f"{_pct(e.get('mde')):>5} {e.get('pairs', 0):>5} {e.get('rows', 0):>4}")
        for case_id, variant, row_ratio in e.get("rows_called", []):
            lines.append(f"    {e['call']} x{row_ratio:.3f} {safe(case_id)} {safe(variant)}")
    if doc.get("exact_failing"):
        lines.append(f"exact figures of the first pair regressed in: {', '.join(doc['exact_failing'])}")
    lines += [f"first pair: {line}" for line in not_assessed_lines(escaped(doc.get("exact_not_assessed"), safe))]
    if doc.get("exact_selection_changed") is not None:
        lines.append(f"first pair: selection changed on purpose: {doc['exact_selection_changed']} rows of the base "
                     "not in the head (--selection-changed: not gated)")
    return "\n".join(lines + ["", verdict(doc)]) + "\n"
