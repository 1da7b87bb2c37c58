# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Every way a port's host cost or allocations may differ from vLLM's own code's on the quick
set (the categories of cost_compare: `op:NAME`, `op:*` for every op name of the site,
`launches`, `syncs`, `h2d_copies`, `d2h_copies`, `allocations`, `bytes`), with the rule on
each side and why. A site
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


_INDEXER = ("the port models the indexer's metadata that reads the shared table (its slot mapping, its decode "
            "block table), not the rest, which reads no table entry")

KNOWN_COST_DIFFERENCES = {
    "ngram_find": [
        CostDifference("op:*", None, "gather (rows and columns indexed, the flip)", "aten.index for "
                       "t[rows, cols], flip", "Python's advanced indexing is aten.index; the port gathers, "
                       "one kernel either way"),
        CostDifference("bytes", None, "an arange of the n-gram sizes for the flip's gather",
                       "`batch_indices = arange(B)` for `t[batch_indices, idx]`, and `flip`",
                       "the same count of allocations; the port's index tensors are other sizes"),
    ],
    "ngram_propose": [
        CostDifference("launches", None, "scatter_ = 2 (check, write)", "scatter_ = 1",
                       "the runtime's scatter_ checks its indices first"),
    ],
    "mla_chunked_context": [
        CostDifference("op:*", None, "the runtime's ops (amax, full, one item per scalar it needs)",
                       "PyTorch's: .max() and .max(dim), repeat_interleave's index_select, empty + mul_, "
                       "0.27.0's has_empty_context (any, eq)", "host planning (no launch, no sync either "
                       "side); the same values through other op sets"),
        CostDifference("allocations", None, "1..29", "3..46", "those op sets"),
        CostDifference("bytes", None, "the runtime's", "PyTorch's", "those op sets"),
    ],
    "rocm_aiter_fa_chunks": [
        CostDifference("op:*", None, "amax, a copy_ into its buffer, two sums", "three .max(), one sum",
                       "host planning (no launch, no sync either side)"),
        CostDifference("allocations", None, "one more", "", "the port's copy_ into a buffer it allocates"),
        CostDifference("bytes", None, "256 more", "", "that buffer"),
    ],
    "sparse_mla_step": [
        CostDifference("op:*", None, "the three builders' slot mappings, C128A and the indexer's decode table",
                       "also the indexer's decode lens, seq_lens // 4, prefill chunk metadata and their planning",
                       _INDEXER),
        CostDifference("launches", None, "9", "17", _INDEXER),
        CostDifference("allocations", None, "2 (clamp) / 0", "9 / 7", _INDEXER),
        CostDifference("bytes", None, "the table copies", "also the indexer's metadata", _INDEXER),
    ],
    "static_sink": [
        CostDifference("op:fill_", None, "one fill_ per group: max_seq_len kept in a device buffer",
                       "none: max_seq_len is a Python int", "the port stores the raised max_seq_len in a "
                       "buffer so that the check can compare it: the harness's write, not the build's"),
        CostDifference("launches", None, "6 per group", "5 per group", "that fill_"),
    ],
}
