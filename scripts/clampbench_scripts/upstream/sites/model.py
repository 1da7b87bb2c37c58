# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What a site is to the upstream check: where its code lives in a release, which nodes hold
its clamp line (for the form), and how to run it on a dumped case."""
from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet, Mapping, Optional, Tuple

from ..vllm_code.extract import clamp_calls
from ..vllm_code.source import AFTER_PR, BEFORE_PR

FORM_CLAMP, FORM_CLAMP_, FORM_MIXED, FORM_REWRITTEN = "clamp", "clamp_", "mixed", "rewritten"

# Port variant -> the releases it is held to bitwise. A site changed by vLLM pull request
# #48143: `clamp` (and `fused`, which promises clamp's results) is the release before it, `clamp_`
# the release after it.
CHANGED_BY_PR = {"clamp": (BEFORE_PR,), "fused": (BEFORE_PR,), "clamp_": (AFTER_PR,)}
# A site in place in both releases: `clamp_` is vLLM's code in each; `clamp` and `fused` are
# counterfactuals in no release (outputs equal to vLLM's, inputs after the call not: see check.py).
IN_PLACE_IN_BOTH = {"clamp": (), "fused": (), "clamp_": (BEFORE_PR, AFTER_PR)}


@dataclass(frozen=True)
class Site:
    suite: str  # clampbench's suite name
    vllm_file: str
    where: str  # the function (and part of it) in vLLM's words
    # release -> (Module, [ast nodes]) holding the site's code; raises ExtractError
    locate: Callable
    # release -> runner(params, inputs, counted) -> {output name: tensor or list}; the runner
    # may write the inputs as vLLM's code does (they are the test's copies), and runs vLLM's
    # call, and nothing else, inside `with counted():` (the allocation count)
    bind: Callable
    # dumped input name -> name of the input it is a view of (rebuilt before the call)
    views: Dict[str, str] = None
    # vLLM's code for the site launches Triton kernels (run by Triton's interpreter on CPU)
    uses_triton: bool = False
    # the report's name for the site (default: the suite's); a second site of one suite (the
    # same code in a newer model) has its own
    name: Optional[str] = None
    # only some releases have it: absent is "not in this release", no problem
    optional: bool = False
    # the outputs and inputs-after compared with the port (default: all the port dumps)
    compares: Optional[FrozenSet[str]] = None
    # inputs that are no state of vLLM's (the fused floor's room for what vLLM allocates per
    # call): vLLM's code never sees them, so they are not compared after the call
    floor_room: FrozenSet[str] = frozenset()
    # (outputs, inputs, params) -> {name: tensor}: what a release that rewrote the site into
    # another layout is compared through, against the last release the port follows
    semantics: Optional[Callable] = None
    # variant -> the releases it is held to (CHANGED_BY_PR or IN_PLACE_IN_BOTH); a variant
    # held to none is a counterfactual
    pairing: Mapping[str, Tuple[str, ...]] = None
    # (module, node) -> [(form, first line, last line)]: the lines that give the site its form
    # (default: its clamp calls); a site with no clamp names its in-place writes "clamp_"
    form_lines: Optional[Callable] = None
    # the runner takes counterfactual=True: vLLM's same code wired as the counterfactual
    # variants are (static_sink: each builder its own copy of the shared tensor), which they
    # are then held to bitwise; without it a counterfactual's outputs are held to vLLM's
    runs_counterfactual: bool = False
    # vLLM keeps the site's tensors on the GPU (its suite is a GPU suite); False: host tensors
    # in vLLM (the host cost counts no launch, no sync)
    on_device: bool = True

    def __post_init__(self):
        if self.pairing is None:
            object.__setattr__(self, "pairing", CHANGED_BY_PR)

    @property
    def key(self):
        return self.name or self.suite

    def held_to(self, variant):
        """The releases the port's `variant` equals bitwise (empty: a counterfactual, or a
        variant of clampbench's own such as clamp_naive)."""
        return self.pairing.get(variant, ())

    def release_of(self, variant):
        """The newest release `variant` is held to, None where none is."""
        releases = self.held_to(variant)
        return releases[-1] if releases else None

    def counterfactual(self, variant):
        """A variant in the site's pairing held to no release: vLLM never had its form."""
        return variant in self.pairing and not self.pairing[variant]

    def form_in(self, release_version):
        """The form the site has in `release_version` (one of the pairing's releases)."""
        return FORM_CLAMP_ if release_version in self.held_to("clamp_") else FORM_CLAMP

    @property
    def clamp_saving_in_vllm(self):
        """Whether vLLM's release-to-release change holds the ledger's clamp_ saving (the site's
        clamp was vLLM's code before the change)."""
        return bool(self.held_to("clamp"))

    def clamp_lines(self, release):
        """(file name, [(form, first line, last line)]) of the site's clamp calls (its
        form_lines, where it has no clamp)."""
        module, nodes = self.locate(release)
        lines = self.form_lines or clamp_calls
        return module.filename, sorted(c for n in nodes for c in lines(module, n))


def form_of(calls):
    """The form of a site from its clamp calls [(form, first line, last line)]."""
    kinds = {call[0] for call in calls}
    if not kinds:
        return FORM_REWRITTEN
    return kinds.pop() if len(kinds) == 1 else FORM_MIXED
