# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Sites a release rewrote into another layout (no clamp left; the port keeps the old one):
held to the last release whose layout the port has (vLLM 0.27.0) on the same dumped inputs,
through what both layouts say. Inputs after the call must be equal bitwise too."""
import torch

from . import check, dump
from .source import AFTER_PR


def mla_context_rows(outputs, inputs, params):
    """How many times each context row of each prefill is gathered, from either layout: 0.27.0's
    chunk x request tables (`chunk_starts`, `seq_lens`), or the per-request chunks of 0.34.0
    (`context_chunks`). Under DCP both give a rank's local start (global / D: starts are
    aligned to the virtual block I x D) with the global length."""
    lens = inputs["context_lens"]
    rows = torch.zeros(lens.shape[0], int(lens.max()) if lens.numel() else 0, dtype=torch.int32)
    scale, segments = params["D"], []
    if "chunk_starts" in outputs:
        for starts, seq_lens in zip(outputs["chunk_starts"].tolist(), outputs["seq_lens"].tolist()):
            segments += [(r, s * scale, n) for r, (s, n) in enumerate(zip(starts, seq_lens))]
    for chunk in outputs.get("context_chunks") or []:
        first = chunk.request_slice.start
        segments += [(first + j, s * scale, n) for j, (s, n) in
                     enumerate(zip(chunk.starts.tolist(), chunk.seq_lens.tolist()))]
    for r, s, n in segments:
        rows[r, s:s + n] += 1
    return {"context rows gathered per prefill": rows}


def compare(release, previous, site, dump_dir, cases, runner):
    """(cases compared, cases agreeing, first difference or None) of `release` against
    `previous` through site.semantics."""
    prev_runner = site.bind(previous)
    compared = agreeing = 0
    first = None
    for case in cases:
        head = check.run_site(release, site, dump_dir, case, runner)
        base = check.run_site(previous, site, dump_dir, case, prev_runner)
        mine = site.semantics(head.outputs, head.inputs_before, case["params"])
        theirs = site.semantics(base.outputs, base.inputs_before, case["params"])
        diffs = [d for name in sorted(mine) for d in [dump.difference(name, theirs[name], mine[name])] if d]
        diffs += [d for name in sorted(head.inputs_after) for d in
                  [dump.difference(f"input {name} after the call", base.inputs_after[name],
                                   head.inputs_after[name])] if d]
        compared += 1
        if diffs:
            first = first or f"{case['case_id']}: {diffs[0]} (vLLM {AFTER_PR} vs this tree)"
        else:
            agreeing += 1
    return compared, agreeing, first
