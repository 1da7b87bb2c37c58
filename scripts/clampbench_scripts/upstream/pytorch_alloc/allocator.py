# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""PyTorch's caching-allocator figures over one window of a call: the torch.cuda.memory_stats()
deltas over exactly what runs inside a site runner's `counted` (vLLM's call alone)."""
import contextlib
from dataclasses import dataclass
from typing import Callable

# memory_stats() key -> field of the pytorch object.
STAT_FIELDS = {
    "allocation.all.allocated": "allocations",
    "allocation.all.freed": "frees",
    "allocated_bytes.all.allocated": "bytes_allocated",
    "requested_bytes.all.allocated": "bytes_requested",
    "segment.all.allocated": "segments_created",
    "segment.all.freed": "segments_released",
    "reserved_bytes.all.allocated": "bytes_reserved_created",
}


@dataclass(frozen=True)
class Allocator:
    """Where the figures come from: the device the inputs go to and its allocator's stats."""
    device: str
    stats: Callable
    reset_peak: Callable = lambda: None
    sync: Callable = lambda: None


def cuda_allocator(torch):
    return Allocator("cuda", torch.cuda.memory_stats, torch.cuda.reset_peak_memory_stats,
                     torch.cuda.synchronize)


def stat_deltas(before: dict, after: dict) -> dict:
    """Counter deltas of one call; a key the torch version lacks is None."""
    out = {}
    for key, field in STAT_FIELDS.items():
        out[field] = after[key] - before[key] if key in before and key in after else None
    peak, start = after.get("allocated_bytes.all.peak"), before.get("allocated_bytes.all.current")
    out["peak_bytes"] = peak - start if peak is not None and start is not None else None
    return out


class Window:
    """The `counted` a runner opens around vLLM's call: the stats deltas of what runs inside."""

    def __init__(self, allocator: Allocator):
        self.allocator = allocator
        self.deltas = None

    @contextlib.contextmanager
    def __call__(self):
        if self.deltas is not None:
            raise RuntimeError("counted() opened twice in one call")
        a = self.allocator
        a.sync()
        a.reset_peak()
        before = a.stats()
        yield
        a.sync()
        self.deltas = stat_deltas(before, a.stats())


def measure(call, make_inputs, allocator: Allocator, warmup=1) -> dict:
    """Deltas over the `counted` window of `call(inputs, counted)`, after `warmup` calls;
    every call gets fresh inputs."""
    for _ in range(warmup):
        call(make_inputs(), Window(allocator))
    window = Window(allocator)
    call(make_inputs(), window)
    if window.deltas is None:
        raise RuntimeError("the runner never opened counted()")
    return window.deltas
