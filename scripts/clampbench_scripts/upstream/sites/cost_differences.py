# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every way a port's host cost may differ from vLLM's own code's on the quick set (the
categories of cost_compare.differences: `op:NAME`, `op:*` for every op name of the site,
`launches`, `syncs`, `h2d_copies`, `d2h_copies`), with the rule on each side and why. A site
not listed agrees exactly. `open`: the port does more than vLLM's code (an op or a sync vLLM
does not have): a finding to fix in the port, not an accepted difference; tests/upstream
lists these as expected failures. docs/vllm-sites.md ("Host cost against vLLM") mirrors it."""
from dataclasses import dataclass
from typing import Optional, Tuple


@dataclass(frozen=True)
class CostDifference:
    category: str
    variants: Optional[Tuple[str, ...]]  # None: every compared variant
    port: str
    vllm: str
    reason: str
    open: bool = False

    def applies(self, variant):
        return self.variants is None or variant in self.variants

    def matches(self, category):
        return self.category == category or self.category == "op:*" and category.startswith("op:")


_TRITON = "vLLM's Triton kernel is one launch and no aten op; the port computes it with its ops"
_RUNTIME_RSUB = ("the runtime's rsub and where with a scalar are 2 launches each (a fill first); PyTorch's one "
                 "kernel each")

KNOWN_COST_DIFFERENCES = {
    "mamba_prefix_caching": [
        CostDifference("op:*", ("clamp_",), "0.25.0's cdiv (neg, floor_divide, neg)", "torch.div(..., "
                       "rounding_mode='floor') + 1 and two subs", "0.27.0 rewrote the block indices with "
                       "torch.div; the port keeps 0.25.0's arithmetic (same values)"),
        CostDifference("launches", ("clamp_",), "12", "13", "0.27.0's torch.div form is one op more"),
    ],
    "ngram_find": [
        CostDifference("op:*", None, "gather (rows and columns indexed, the flip)", "aten.index for "
                       "t[rows, cols], flip", "Python's advanced indexing is aten.index; the port gathers, "
                       "one kernel either way"),
        CostDifference("launches", None, "+1 per call", "one per op", _RUNTIME_RSUB),
    ],
    "ngram_propose": [
        CostDifference("launches", None, "scatter_ = 2 (check, write)", "scatter_ = 1",
                       "the runtime's scatter_ checks its indices first"),
    ],
    "ngram_update": [
        CostDifference("op:*", ("clamp_",), "0.25.0's two `!= -1`", "0.27.0: one `!= -1`, one `>= 0`",
                       "0.27.0 changed a comparison; same count of ops"),
    ],
    "mla_chunked_context": [
        CostDifference("op:*", None, "the runtime's ops (amax, full, one item per scalar it needs)",
                       "PyTorch's: .max() and .max(dim), repeat_interleave's index_select, empty + mul_, "
                       "0.27.0's has_empty_context (any, eq)", "host planning (no launch, no sync either "
                       "side); the same values through other op sets"),
    ],
    "rocm_aiter_fa_chunks": [
        CostDifference("op:*", None, "amax, a copy_ into its buffer, two sums", "three .max(), one sum",
                       "host planning (no launch, no sync either side)"),
    ],
    "sparse_mla_slot_mapping": [
        CostDifference("op:*", None, "the slot-mapping and C128A kernels as ops", "two Triton kernels, "
                       "split_decodes_and_prefills on query_start_loc_cpu", _TRITON),
        CostDifference("launches", None, "one per op", "one per Triton kernel", _TRITON),
        CostDifference("h2d_copies", None, "the request index made on the device", "numpy on the host, "
                       "one copy_ to the device", "vLLM's token_to_req_indices is host code"),
    ],
    "sparse_mla_step": [
        CostDifference("op:*", None, "three builders' kernels as ops", "Triton kernels, the indexer's "
                       "host-side planning", _TRITON),
        CostDifference("launches", None, "one per op", "one per Triton kernel", _TRITON),
        CostDifference("h2d_copies", None, "the request index made on the device", "one copy_",
                       "vLLM's token_to_req_indices is host code"),
    ],
    "compressor_block_table": [
        CostDifference("op:*", None, "arange, le, sum: the request index on the device", "none: numpy",
                       "vLLM's token_to_req_indices runs numpy on the host", open=True),
        CostDifference("launches", None, "5", "1 (clamp_)", "the three ops above, and the copy_", open=True),
        CostDifference("h2d_copies", None, "0", "1", "vLLM copies the host-built index to the device"),
    ],
    "static_sink": [
        CostDifference("op:fill_", None, "one fill_ per group: max_seq_len kept in a device buffer",
                       "none: max_seq_len is a Python int", "the port stores the raised max_seq_len in a "
                       "buffer so that the check can compare it: the harness's write, not the build's"),
        CostDifference("launches", None, "6 per group", "5 per group", "that fill_"),
    ],
}
