# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""CPU time per call of each side's code on one case, the sides interleaved: each round
takes one sample (a batch of calls) per side, in an order rotated every round, so that a
machine slowing down or speeding up hits both alike. Each side works on one copy of the
inputs made before timing starts, as clampbench's own timing does; nothing is counted."""
import contextlib
import math
import statistics
import time
from dataclasses import dataclass

from .. import dump

MAD_TO_SIGMA, MEDIAN_SE = 1.4826, 1.2533  # the noise formula clampbench's harness uses


@dataclass
class TimingConfig:
    min_samples: int = 10
    max_noise: float = 0.01
    timeout_s: float = 1.0  # per side per case
    sample_time_s: float = 0.002

    def as_json(self):
        return {"min_samples": self.min_samples, "max_noise": self.max_noise, "timeout_s": self.timeout_s,
                "sample_time_s": self.sample_time_s, "interleaved": True}


def stats(samples):
    ordered = sorted(samples)

    def quantile(q):
        return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]
    return {"median": statistics.median(ordered), "p10": quantile(0.1), "p90": quantile(0.9),
            "mean": statistics.fmean(ordered), "stdev": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
            "samples": list(samples)}


def noise(samples):
    median = statistics.median(samples)
    if median <= 0:
        return math.inf
    mad = statistics.median(abs(x - median) for x in samples)
    return MEDIAN_SE * MAD_TO_SIGMA * mad / (median * math.sqrt(len(samples)))


class Timed:
    """One side's calls on one case: a batch runs `iterations` calls on its own input copy."""

    def __init__(self, site, runner, dump_dir, case):
        self.inputs = dump.load_inputs(dump_dir, case, site.views)
        self.call = lambda: runner(case["params"], self.inputs, contextlib.nullcontext)
        self.cpu, self.wall, self.spent, self.iterations = [], [], 0.0, 1

    def calibrate(self, sample_time_s):
        self.call()  # warm-up: the first call of a side pays for what later calls reuse
        start = time.thread_time()
        self.call()
        one = max(time.thread_time() - start, 1e-6)
        self.iterations = max(1, math.ceil(sample_time_s / one))

    def sample(self):
        wall0, cpu0 = time.perf_counter_ns(), time.thread_time_ns()
        for _ in range(self.iterations):
            self.call()
        cpu, wall = time.thread_time_ns() - cpu0, time.perf_counter_ns() - wall0
        self.cpu.append(cpu / self.iterations)
        self.wall.append(wall / self.iterations)
        self.spent += wall / 1e9

    def done(self, config):
        if len(self.cpu) < config.min_samples:
            return self.spent > config.timeout_s and len(self.cpu) >= 2
        return noise(self.cpu) <= config.max_noise or self.spent > config.timeout_s

    def as_json(self, config, rounds):
        n = noise(self.cpu)
        converged = len(self.cpu) >= config.min_samples and n <= config.max_noise
        return {"unit": "ns", "repetitions": len(self.cpu), "iterations": self.iterations, "primary": "cpu",
                "device": None, "wall": stats(self.wall), "cpu": stats(self.cpu),
                "noise": n if math.isfinite(n) else 0.0, "converged": converged,
                "stop_reason": "converged" if converged else "timeout", "rounds": rounds, "paired": None}


def time_sides(sides, config):
    """[Timed] of each side ([(site, runner, dump_dir, case)]), sampled in rotated rounds
    until every side is done; returns their schema timing blocks."""
    timed = [Timed(*side) for side in sides]
    for t in timed:
        t.calibrate(config.sample_time_s)
    rounds = 0
    while not all(t.done(config) for t in timed):
        order = timed[rounds % len(timed):] + timed[:rounds % len(timed)]
        for t in order:
            t.sample()
        rounds += 1
    return [t.as_json(config, rounds) for t in timed]
