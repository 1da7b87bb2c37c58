# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What a site that a release rewrote into another layout is compared through (Site.semantics):
a view both layouts give, so that the new release is held to the last one the port follows
(drift/rewritten.py)."""
import torch


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
