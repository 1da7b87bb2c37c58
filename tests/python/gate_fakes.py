# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A fake runner for the adaptive gate: synthetic runs with the noise structure measured on the
shared VM (docs/time-gate.md): every run has a shift all its rows share, sometimes a large
one-sided disturbance (a slow run: another process evicted the caches), each suite a shift of
its own per run (small suites noisier), and each row its own noise. Time is a fake clock."""
import math

import numpy as np

from clampbench_scripts.gate.adaptive import Run, RunTimeout

# name: (rows, the suite's own run-to-run sd of its mean log time)
SUITES = {"big": (24, 0.006), "mid": (12, 0.01), "small": (6, 0.02), "noisy": (3, 0.045)}


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


class FakeRunner:
    """PLANT: {suite: ratio} (head rows of that suite slowed), "*" for every suite."""

    def __init__(self, seed, plant=None, suites=SUITES, row_sd=0.015, run_sd=0.008, disturb_p=0.2,
                 disturb=(0.02, 0.08), seconds_per_row=0.15, clock=None):
        self.rng = np.random.default_rng(seed)
        self.plant, self.suites, self.row_sd, self.run_sd = plant or {}, suites, row_sd, run_sd
        self.disturb_p, self.disturb, self.seconds_per_row = disturb_p, disturb, seconds_per_row
        self.clock = clock or Clock()
        self.levels = {name: self.rng.normal(0.0, 1.0, rows) for name, (rows, _) in suites.items()}
        self.calls = []

    def __call__(self, side, selection, timeout):
        names = list(self.suites) if selection is None else list(selection)
        self.calls.append((side, None if selection is None else tuple(names)))
        cost = self.seconds_per_row * sum(self.suites[n][0] for n in names)
        if cost > timeout:
            self.clock.now += timeout
            raise RunTimeout()
        self.clock.now += cost
        shared = self.rng.normal(0.0, self.run_sd)
        if self.rng.random() < self.disturb_p:
            shared += self.rng.uniform(*self.disturb)
        logs = {}
        for name in names:
            rows, suite_sd = self.suites[name]
            ratio = self.plant.get(name, self.plant.get("*", 1.0)) if side == "head" else 1.0
            level = self.levels[name] + shared + self.rng.normal(0.0, suite_sd) + math.log(ratio)
            noise = self.rng.normal(0.0, self.row_sd, rows)
            for i in range(rows):
                logs[(f"{name}/case={i}", "clamp")] = float(level[i] + noise[i])
        return Run(logs)


class WarmingRunner(FakeRunner):
    """A FakeRunner with a warm-up of WARM_UP_S seconds (RunTimeout when the budget is smaller)."""

    def __init__(self, seed, warm_up_s=2.0, **kwargs):
        super().__init__(seed, **kwargs)
        self.warm_up_s = warm_up_s

    def warm_up(self, timeout):
        self.calls.append(("warm-up", None))
        if self.warm_up_s > timeout:
            self.clock.now += timeout
            raise RunTimeout()
        self.clock.now += self.warm_up_s
