# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The dashboard's per-suite hazard sections: which op's allocation each variant saves
against the reference (from the results' allocation traces, `run --trace`), and the latent
writes (in-place writes into Persistent buffers, even when no value changed)."""
from collections import Counter

from clampbench_scripts.common.escape import html_text as esc
from clampbench_scripts.common.units import fmt_bytes


def _key(a):
    where = f" at {a['tag']}" if a.get("tag") else ""
    shape = "[" + ", ".join(str(x) for x in a.get("shape", [])) + "]"
    return f"{a['op']}{where} ({a['dtype']} {shape})", int(a.get("bytes", 0))


def saved_ops(reference_trace, trace):
    """Counter {(description, bytes): n} of the allocations `trace` does not make that the
    reference does, net of equal ones: the Python twin of harness/checks/allocation_diff.cpp."""
    return Counter(map(_key, reference_trace)) - Counter(map(_key, trace))


def op_savings(rows, reference="clamp"):
    """[(variant, description, bytes, min n, max n, cases)] over the suite's cases that carry
    traces: per variant, each allocation it saves against the reference, with how many per
    call (min..max over cases) and in how many cases."""
    traces = {}
    for r in rows:
        if r.get("allocation_trace") is not None:
            traces[(r["case_id"], r["variant"])] = r["allocation_trace"]
    found = {}
    for (case, variant), trace in traces.items():
        ref = traces.get((case, reference))
        if variant == reference or ref is None:
            continue
        for (desc, size), n in saved_ops(ref, trace).items():
            found.setdefault((variant, desc, size), []).append(n)
    return [(v, d, b, min(ns), max(ns), len(ns)) for (v, d, b), ns in found.items()]


def latent_rows(rows):
    """[(case, variant, finding)] for every latent write in the suite's rows."""
    return [(r["case_id"], r["variant"], f) for r in rows for f in (r.get("latent_findings") or [])]


def savings_table(rows, reference="clamp"):
    table = op_savings(rows, reference)
    if not any(r.get("allocation_trace") is not None for r in rows):
        return "<p class=meta>Op-level savings: no allocation traces in this run (clampbench run --trace).</p>"
    if not table:
        return "<p class=meta>Op-level savings: no variant saves an allocation against the reference.</p>"
    out = ["<table><tr><th class=l>variant</th><th class=l>saves (op, dtype, shape)</th><th>bytes</th>"
           "<th>per call</th><th>cases</th></tr>"]
    for variant, desc, size, lo, hi, cases in table:
        per = f"{lo}" if lo == hi else f"{lo}..{hi}"
        out.append(f"<tr><td class=l>{esc(variant)}</td><td class=l>{esc(desc)}</td><td>{esc(fmt_bytes(size))}</td>"
                   f"<td>{per}</td><td>{cases}</td></tr>")
    return "\n".join(out) + "</table>"


def latent_table(rows):
    found = latent_rows(rows)
    if not found:
        return "<p class=meta>Latent writes: none (no in-place write into a read-only buffer).</p>"
    out = ["<table><tr><th class=l>case</th><th class=l>variant</th><th class=l>buffer</th><th class=l>op</th>"
           "<th>elements written</th><th>elements changed</th><th class=l>listed</th></tr>"]
    for case, variant, f in found:
        cls = "" if f.get("expected") else " class=unexpected"
        out.append(f"<tr{cls}><td class=l>{esc(case)}</td><td class=l>{esc(variant)}</td>"
                   f"<td class=l>{esc(f['buffer'])}</td><td class=l>{esc(f['op'])}</td>"
                   f"<td>{f['elements_written']}</td><td>{f['elements_changed']}</td>"
                   f"<td class=l>{'known' if f.get('expected') else 'UNEXPECTED'}</td></tr>")
    return "\n".join(out) + "</table>"
