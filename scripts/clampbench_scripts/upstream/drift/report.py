# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What `upstream.py` writes of each tree's SiteStatus list (assess.py): JSON, one Markdown
table with a column per tree, or plain text."""
import os
from dataclasses import asdict

from .assess import SiteStatus, exit_code


def as_json(label, statuses):
    return {"vllm": label, "sites": [asdict(s) for s in statuses], "exit_code": exit_code(statuses)}


def agreement_cell(s: SiteStatus):
    if s.form is None:
        return "not in this release" if s.detail == "not in this release" else "-"
    if s.problem == "cannot_run":
        return "does not run here"
    return f"{s.agreeing}/{s.cases} cases agree with `{s.compared_with}`"


def as_markdown(reports):
    """One table for several trees: a row per site, a column per tree."""
    labels = [label for label, _ in reports]
    lines = ["| site | vLLM file | " + " | ".join(labels) + " |",
             "|---|---|" + "---|" * len(labels)]
    for i, first in enumerate(reports[0][1]):
        cells = []
        for _, statuses in reports:
            s = statuses[i]
            at = f" (l. {', '.join(map(str, s.clamp_lines))})" if s.clamp_lines else ""
            moved = f" in {s.moved_to}" if s.moved_to else ""
            where = f"{s.form}{at}{moved}" if s.form else (s.problem or "absent")
            cells.append(f"{where}; {agreement_cell(s)}")
        lines.append(f"| {first.site or first.suite} | {os.path.basename(first.file)} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def as_text(reports):
    out = []
    for label, statuses in reports:
        out.append(f"{label}:")
        for s in statuses:
            out.append(f"  {s.site or s.suite:24} {s.form or '-':9} {agreement_cell(s)}"
                       + (f"  (moved to {s.moved_to})" if s.moved_to else "")
                       + (f"  [{s.problem}: {s.detail}]" if s.problem else ""))
    return "\n".join(out) + "\n"
