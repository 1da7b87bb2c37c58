# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The lines of the static-sink report, found in the tree: the build's stores into the
metadata's seq_lens, where the v2 runner hands its own seq_lens to every group's metadata, the
sampler's read of them, and the models that build a StaticSinkAttention."""
from dataclasses import dataclass, field
from typing import List, Optional

from ..sites.static_sink import INPUT_BATCH, SINK, SITES
from .lines import Line, find, span

MODEL_STATE = "vllm/v1/worker/gpu/model_states/default.py"
ATTN_UTILS = "vllm/v1/worker/gpu/attn_utils.py"
SAMPLER = "vllm/v1/worker/gpu/sample/sampler.py"
OPENPANGU = "vllm/model_executor/models/openpangu.py"


@dataclass
class SinkLines:
    stores: Optional[Line]           # seq_lens[:] = seq_lens + sink_len; the masked store of 0
    runner: Optional[Line]           # build_attn_metadata(seq_lens=input_batch.seq_lens)
    metadata: Optional[Line]         # CommonAttentionMetadata(seq_lens=seq_lens), per group
    sampler: Optional[Line]          # get_num_sampled_and_rejected(..., input_batch.seq_lens, ...)
    test: Optional[Line]             # is_chunked_prefilling = seq_len < prefill_len
    users: List[Line] = field(default_factory=list)  # StaticSinkAttention( in a model
    openpangu_switch: Optional[Line] = None  # every decoder layer alike: use_sink_attention

    def missing(self):
        return [name for name in ("stores", "runner", "metadata", "sampler", "test") if getattr(self, name) is None]


def sink_lines(release) -> SinkLines:
    stores = SITES[0].clamp_lines(release)[1]
    found = SinkLines(
        stores=span(release, SINK, stores[0][1], stores[-1][2]) if stores else None,
        runner=find(release, MODEL_STATE, r"seq_lens=input_batch\.seq_lens", after=r"build_attn_metadata\("),
        metadata=find(release, ATTN_UTILS, r"^\s*seq_lens=seq_lens,", after=r"CommonAttentionMetadata\("),
        sampler=find(release, SAMPLER, r"input_batch\.seq_lens,", after=r"get_num_sampled_and_rejected\("),
        test=find(release, INPUT_BATCH, r"seq_len < prefill_len"))
    for relpath in release.source.python_files():
        if relpath.startswith("vllm/model_executor/models/"):
            line = find(release, relpath, r"StaticSinkAttention\(")
            if line is not None:
                found.users.append(line)
    if any(u.relpath == OPENPANGU for u in found.users):
        found.openpangu_switch = find(release, OPENPANGU, r"self\.use_sink_attention = \(")
    return found
