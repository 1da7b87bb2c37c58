# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What a site is to the upstream check: where its code lives in a release, which nodes hold
its clamp line (for the form), and how to run it on a dumped case."""
from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet, Optional

from .extract import clamp_calls

FORM_CLAMP, FORM_CLAMP_, FORM_MIXED, FORM_REWRITTEN = "clamp", "clamp_", "mixed", "rewritten"


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
    # (outputs, inputs, params) -> {name: tensor}: what a release that rewrote the site into
    # another layout is compared through, against the last release the port follows
    semantics: Optional[Callable] = None

    @property
    def key(self):
        return self.name or self.suite

    def clamp_lines(self, release):
        """(file name, [(form, first line, last line)]) of the site's clamp calls."""
        module, nodes = self.locate(release)
        return module.filename, sorted(c for n in nodes for c in clamp_calls(module, n))


def form_of(calls):
    """The form of a site from its clamp calls [(form, first line, last line)]."""
    kinds = {call[0] for call in calls}
    if not kinds:
        return FORM_REWRITTEN
    return kinds.pop() if len(kinds) == 1 else FORM_MIXED
