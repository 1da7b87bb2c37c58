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
    "sparse_mla_step": [
        CostDifference("op:*", None, "the three builders' slot mappings, C128A and the indexer's decode table",
                       "also the indexer's decode lens, seq_lens // 4, prefill chunk metadata and their planning",
                       _INDEXER),
        CostDifference("launches", None, "9", "17", _INDEXER),
        CostDifference("allocations", None, "2 (clamp) / 0", "9 / 7", _INDEXER),
        CostDifference("bytes", None, "the table copies", "also the indexer's metadata", _INDEXER),
    ],
}
