# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What every reference shares: vLLM's tensor cdiv, the clamp/clamp_ switch and the
interface a suite reference fills in.

A reference is `run(variant, params, inputs) -> Result`. `inputs` maps the manifest's
input names to torch tensors (fresh copies, so a variant may write them as the C++
variant writes its clone); the reference returns its outputs and the inputs as it left
them, and the test compares both with the dump.
"""

from dataclasses import dataclass, field
from typing import Callable, Dict, Optional

import torch

# Variant names of the manifest.
CLAMP = "clamp"
CLAMP_ = "clamp_"
CLAMP_NAIVE = "clamp_naive"


def cdiv(a, b):
    """vllm.utils.math_utils.cdiv: -(a // -b); works on tensors and ints alike."""
    return -(a // -b)


def in_place(variant: str) -> bool:
    """True for the variants that clamp in place (#48143), False for the reference."""
    if variant == CLAMP:
        return False
    if variant in (CLAMP_, CLAMP_NAIVE):
        return True
    raise KeyError(f"unknown variant {variant!r}")


def clamp_as(variant: str, t: torch.Tensor, min=None, max=None) -> torch.Tensor:
    """The single line that differs between the variants: t.clamp(...) or t.clamp_(...)."""
    if in_place(variant):
        return t.clamp_(min=min, max=max)
    return t.clamp(min=min, max=max)


@dataclass
class Result:
    outputs: Dict[str, torch.Tensor]
    inputs_after: Dict[str, torch.Tensor] = field(default_factory=dict)


@dataclass(frozen=True)
class SuiteReference:
    name: str
    vllm_source: str  # "file: function", where the op sequence comes from
    variants: tuple
    run: Callable[[str, Dict[str, int], Dict[str, torch.Tensor]], Result]
    # Optional: builds views that alias one another the way the C++ inputs do
    # (e.g. block_table is the first R rows of block_table_base). Returns the dict the
    # reference runs on; the default uses the dumped tensors as they are.
    prepare: Optional[Callable[[Dict[str, int], Dict[str, torch.Tensor]], Dict[str, torch.Tensor]]] = None
    # vLLM builds this metadata on host tensors (pinned CPU buffers): no CUDA allocator sees it.
    host: bool = False
