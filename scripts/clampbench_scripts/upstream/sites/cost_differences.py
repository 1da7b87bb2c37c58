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


# Every port costs what vLLM's own code costs, on every quick and nightly call: nothing listed.
KNOWN_COST_DIFFERENCES = {}
