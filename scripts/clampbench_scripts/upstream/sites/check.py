# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Running one site of one release on one dumped case, and what the port is held to: each
variant bitwise against the releases its site's pairing names (Site.pairing: for a site changed
by vLLM pull request #48143, `clamp` and `fused` the release before it, `clamp_` the one after).
A counterfactual variant (in the pairing, held to no release) is checked against every release
by tests/upstream/test_upstream.py."""
from dataclasses import dataclass, field
from typing import List

from .. import dump
from ..vllm_code.adapt import AllocationCounter
from ..vllm_code.host_cost import HostCost


@dataclass
class Outcome:
    outputs: dict
    inputs_after: dict
    inputs_before: dict
    allocations: List[tuple] = field(default_factory=list)  # AllocationCounter events
    host_cost: dict = None  # the call's host_cost block (host_cost.HostCost.block)

    def clamp_allocations_at(self, filename, calls):
        """The tensors allocated by aten's out-of-place clamp on the lines of `calls` [(form,
        first, last)] of `filename`: the site's own clamps, not their arguments' ops nor a
        torch.clip elsewhere in the release."""
        return [e for e in self.allocations if e[0] == "clamp" and e[4] is not None
                and e[4][0] == filename and any(first <= e[4][1] <= last for _, first, last in calls)]


def run_site(release, site, dump_dir, case, runner=None, counterfactual=False, every_allocation=False) -> Outcome:
    """vLLM's code for `site` on the case's dumped inputs (fresh copies), counted;
    `counterfactual`: wired as the counterfactual variants (Site.runs_counterfactual);
    `every_allocation`: a GPU site's CPU tensors counted too (what a CPU stand-in for
    torch.cuda.memory_stats sees), not only what its GPU would hold."""
    runner = runner or site.bind(release)
    inputs = dump.load_inputs(dump_dir, case, site.views)
    before = {k: v.clone() for k, v in inputs.items()}
    cost = HostCost(site.on_device)
    counter = AllocationCounter(cost.on_gpu if site.on_device and not every_allocation else None)
    cost.mark(inputs.values())
    counted = lambda: release.counting(counter)  # noqa: E731
    with release.costing(cost):
        outputs = (runner(case["params"], inputs, counted, counterfactual=True) if counterfactual
                   else runner(case["params"], inputs, counted))
    return Outcome(outputs, inputs, before, counter.events, cost.block())


def check_variant(release, site, dump_dir, case, variant, runner=None):
    """(Outcome, [differences]) of the port's `variant` against `release`."""
    outcome = run_site(release, site, dump_dir, case, runner)
    return outcome, dump.differences(dump_dir, variant, outcome.outputs, outcome.inputs_after, site.compares,
                                     skip=site.floor_room)
