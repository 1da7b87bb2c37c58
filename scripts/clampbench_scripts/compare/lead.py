# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What a comparison leads with, for a reader with ten seconds: each finding the head brings
(suite, variant, what is written and where, how many cases, the reason the results give: the
vLLM lines), each regressed row's changed figures, and a repro command for each, the exact
`clampbench run` (or `upstream.py compare` over the same two trees) that shows it again; then which
categories neither run measured, said once instead of as a table of NOT_ASSESSED rows.
compare_markdown.py and compare_format.py (text) put these first; strings are escaped by them."""

import shlex

from clampbench_scripts.common import repro
from clampbench_scripts.compare import calls, host_cost_calls

SHOWN = 8  # findings and regressed rows listed; the rest counted (the tables have them)
WHERE_CHARS = 200  # of the results' reason beside a finding (an expectation's reason runs long)
_WHAT = {"latent_write": "writes into the runner's `{}` in place",
         "mutation": "changes the runner's `{}`, which every later reader sees",
         "output": "changes the output `{}`", "order_dependent_write": "writes `{}` in an order-dependent way"}


def measured(result):
    """{category: whether either run measured it} for time, instructions and host cost."""
    timed = any(e["time"].get("n_base") or e["time"].get("n_head") for e in result["rows"])
    return {"time": timed, "instructions": any(result.get("instruction_methods") or []),
            "host cost": bool(result.get("host_cost_recorded", True))}


def not_measured_line(result):
    """'time, instructions: not measured (neither run ...)', or '' when both were."""
    missing = [c for c, seen in measured(result).items() if not seen]
    return f"{', '.join(missing)}: not measured by either run" if missing else ""


def _tree_argument(vllm):
    """What `upstream.py compare` was given for a side whose environment.vllm is VLLM: a
    directory ("vllm source at DIR") or a release's version; None for a run of the binary."""
    if not isinstance(vllm, dict) or not vllm.get("tree"):
        return None
    tree = str(vllm["tree"])
    prefix = "vllm source at "
    return tree[len(prefix):] if tree.startswith(prefix) else str(vllm.get("version") or tree)


def repro_of(result, entry):
    """The command that shows ENTRY again: for a side of `upstream.py compare` (vLLM's code) that
    command over the same two trees, else the binary on that one case and variant."""
    head = result["head"]
    trees = [_tree_argument(result[side].get("vllm")) for side in ("base", "head")]
    if all(trees):
        return shlex.join(["scripts/upstream.py", "compare", "--base", trees[0], "--head", trees[1],
                           "--sizes", str(head.get("size_set") or "quick"), "--no-timing"])
    return repro.run_command(entry["suite"], entry["case_id"], entry["variant"], head.get("backend"),
                             head.get("size_set"))


def _new_findings(entry):
    f = entry.get("findings") or {}
    return [(x["kind"], x["name"], x.get("count", x.get("head"))) for x in f.get("appeared", []) + f.get("changed", [])]


def _where(entry, kind, name):
    """The reason the head's results give for a latent write (its vLLM lines), else ''."""
    if kind != "latent_write":
        return ""
    for w in entry.get("latent_findings") or []:
        if f"{w.get('buffer')} {w.get('op')}" == name and w.get("reason"):
            return str(w["reason"])
    return ""


def findings(result):
    """[{suite, variant, kind, name, cases, most, where, first}] of what the head finds that the
    base did not, one per (suite, variant, kind, name), in row order."""
    groups = {}
    for e in result["rows"]:
        for kind, name, count in _new_findings(e):
            g = groups.setdefault((e["suite"], e["variant"], kind, name), {
                "suite": e["suite"], "variant": e["variant"], "kind": kind, "name": name, "cases": 0,
                "most": None, "where": _where(e, kind, name), "first": e})
            g["cases"] += 1
            if isinstance(count, int) and (g["most"] is None or count > g["most"]):
                g["most"] = count
    return list(groups.values())


def finding_text(g, total):
    """One finding as a sentence (markdown-safe: names already escaped by the renderer)."""
    what = _WHAT.get(g["kind"], g["kind"] + " `{}`").format(g["name"].split(" ")[0])
    op = f" with `{g['name'].split(' ', 1)[1]}`" if g["kind"] == "latent_write" and " " in g["name"] else ""
    unit = {"latent_write": "written", "mutation": "changed", "output": "differing"}.get(g["kind"], "")
    most = f", up to {g['most']} element{'s' if g['most'] != 1 else ''} {unit}".rstrip() if g["most"] else ""
    text = f"{g['suite']} `{g['variant']}` {what}{op}: {g['cases']} of {total[g['suite'], g['variant']]} cases{most}"
    where = g["where"] if len(g["where"]) <= WHERE_CHARS else g["where"][:WHERE_CHARS - 3].rstrip() + "..."
    return text + (f" ({where})" if where else "")


def _figure_changes(e):
    out = [f"{name} {f['base']} -> {f['head']}" for name, f in e["allocations"].items() if f["call"] == calls.WORSE]
    hc = e.get("host_cost") or {}
    worse = {name for name, f in (hc.get("figures") or {}).items() if f.get("call") == calls.WORSE}
    out += [host_cost_calls.change_text(c) for c in hc.get("changes") or [] if c["figure"] in worse]
    if e.get("instructions", {}).get("call") == calls.WORSE:
        out.append(f"instructions {e['instructions']['base']} -> {e['instructions']['head']}")
    if e["time"]["call"] == calls.WORSE:
        out.append(f"time x{e['time']['ratio']:.3f}")
    if e["verdict"]["call"] == calls.WORSE:
        out.append(f"verdict {e['verdict']['base']} -> {e['verdict']['head']}")
    return out


def regressed(result):
    """[(entry, [changed figure texts])] of the rows that regressed, in row order; a row whose
    only regression is a finding already listed (findings) is left to that line."""
    return [(e, _figure_changes(e)) for e in result["rows"]
            if e["regressions"] and (e["regressions"] != ["verdicts"] or not _new_findings(e))]


def shared_repro(got):
    """The one repro command of every listed line, when they share it (a side of upstream.py
    compare: one command shows them all), else None."""
    cmds = {cmd for key in ("findings", "regressed") for _, cmd in got[key]}
    return cmds.pop() if len(cmds) == 1 and sum(len(got[k]) for k in ("findings", "regressed")) > 1 else None


def lead(result):
    """{"findings": [(text, repro)], "regressed": [(text, repro)], "more": (findings, rows) not
    listed, "not_measured": line}: what a renderer puts first."""
    total = {}
    for e in result["rows"]:
        total[e["suite"], e["variant"]] = total.get((e["suite"], e["variant"]), 0) + 1
    found = findings(result)
    rows = regressed(result)
    return {"findings": [(finding_text(g, total), repro_of(result, g["first"])) for g in found[:SHOWN]],
            "regressed": [(f"{e['suite']} `{e['variant']}` {e['case_id'].split('/', 1)[-1]}: "
                           + ("; ".join(changes) or ", ".join(e["regressions"])), repro_of(result, e))
                          for e, changes in rows[:SHOWN]],
            "more": (max(0, len(found) - SHOWN), max(0, len(rows) - SHOWN)),
            "not_measured": not_measured_line(result)}
