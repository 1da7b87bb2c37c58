# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The static-sink hazard on vLLM's own functions, for the report: one step of
StaticSinkAttentionBuilder.build per KV-cache group (the static_sink site's runner: vLLM's build
compiled from the tree) over the runner's shared seq_lens, then the sampler's
get_num_sampled_and_rejected (vLLM's Triton kernel, in Triton's interpreter) on what the step
left. The released in-place form runs against the out-of-place fix, which is the site's
counterfactual wiring: each group's metadata holds its own copy of seq_lens."""
from dataclasses import dataclass
from typing import List, Tuple

import torch

from ..sites.static_sink import MAX_MODEL_LEN, SITES, sampler
from ..vllm_code.adapt import AllocationCounter

BLOCK_SIZE = 16  # tokens per KV-cache block
SINK_BLOCKS = 1  # sink_len = SINK_BLOCKS x BLOCK_SIZE tokens, the suite's smallest
PROMPT_LEN = 40  # the request's prefill_len


@dataclass(frozen=True)
class Run:
    seq_len_after: int        # the runner's seq_lens[0] after the step's builds
    num_sampled: int          # what the sampler then decides for the request
    allocations: List[Tuple[str, int]]  # (aten op, line of the builder's file) per allocation


@dataclass(frozen=True)
class Step:
    groups: int
    seq_len: int    # the chunk's end: seq_lens[0] before the step
    untouched: int  # num_sampled on seq_lens as the runner made it
    released: Run
    fixed: Run

    @property
    def sink_len(self):
        return SINK_BLOCKS * BLOCK_SIZE


class SinkSteps:
    """Runs steps of one release: `step(groups, seq_len)`."""

    def __init__(self, release):
        self.release = release
        self.runner = SITES[0].bind(release)
        self.read = sampler(release)

    def _sampled(self, seq_lens):
        one = torch.tensor([0], dtype=torch.int32)
        num_sampled, _ = self.read(seq_lens, torch.tensor([PROMPT_LEN], dtype=torch.int32), one,
                                   torch.tensor([0, 1], dtype=torch.int32))
        return int(num_sampled[0])

    def _run(self, groups, seq_len, fixed):
        cols = -(-MAX_MODEL_LEN // BLOCK_SIZE)
        inputs = {"seq_lens": torch.tensor([seq_len], dtype=torch.int32),
                  "block_table": (torch.arange(groups * cols, dtype=torch.int32) + 1).view(groups, 1, cols),
                  "seq_lens_with_sink": torch.zeros(groups, 1, dtype=torch.int32)}
        counter = AllocationCounter()
        self.runner({"bs": BLOCK_SIZE, "sink": SINK_BLOCKS}, inputs, lambda: self.release.counting(counter),
                    counterfactual=fixed)
        after = int(inputs["seq_lens"][0])
        return Run(after, self._sampled(inputs["seq_lens"]), [(e[0], e[4][1] if e[4] else 0) for e in counter.events])

    def step(self, groups, seq_len) -> Step:
        untouched = self._sampled(torch.tensor([seq_len], dtype=torch.int32))
        return Step(groups, seq_len, untouched, self._run(groups, seq_len, False), self._run(groups, seq_len, True))
