# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive time gate: pairs of base and head runs until every suite is answered.

A suite is answered when its sequential test (sequential.py) calls it WORSE or BETTER, or when
its minimum detectable effect (MDE) is at most max_mde: then "no slowdown above MDE" is what
the gate can say of it. The first min_pairs pairs run every suite; later pairs run only the
suites still unanswered (`clampbench run --suite`), so a quiet suite stops early and a small,
noisy one gets the repetitions. The gate stops when a suite is called WORSE, when every suite
is answered or has used max_pairs, or when the next pair would not fit in the budget (the
pair's cost predicted from the last run's seconds per row). Pairs alternate their order
(base-head, head-base): a drift of the machine over the minutes falls on both sides alike.

Before the first pair a warm-up (each side once, short, discarded) runs when the runner has
one: on the shared VM the first timed run after an idle spell was 7-12% slower in three suites
than every later run of the same binary, which alone left those suites unanswered after ten
pairs. Its seconds count against the budget.

The runner is a callable (side, suites or None for all, timeout seconds) -> Run, optionally with
a warm_up(timeout) method; a fake one tests the logic without a binary."""
import statistics
from dataclasses import dataclass, field

from clampbench_scripts.compare.calls import BETTER, WORSE
from clampbench_scripts.compare import time_calls
from clampbench_scripts.compare.pooled_time import suite_of
from clampbench_scripts.gate import sequential

EXIT_OK, EXIT_REGRESSION, EXIT_NOT_ASSESSED = 0, 1, 3


class RunTimeout(Exception):
    """A run that the budget's remaining seconds could not hold."""


@dataclass
class Run:
    logs: dict  # {(case_id, variant): log median time}
    env: dict = None  # the results' environment and rows, when the exact figures are compared
    rows: dict = None


@dataclass
class Config:
    max_mde: float = 0.10
    budget_s: float = 360.0
    alpha: float = 0.05
    min_effect: float = 0.05
    min_pairs: int = 2
    max_pairs: int = 30


@dataclass
class Suite:
    name: str
    keys: list = None  # the rows in every run of the suite so far
    pairs: list = field(default_factory=list)  # [(base logs, head logs)]
    result: dict = None
    answered: bool = False

    def add(self, base, head):
        keys = [k for k in (self.keys if self.keys is not None else base) if suite_of(k) == self.name]
        self.keys = [k for k in keys if k in base and k in head]
        self.pairs.append((base, head))

    def means(self):
        """(base run means, head run means) over the rows present in every run."""
        if not self.keys:
            return [], []
        return ([statistics.fmean(b[k] for k in self.keys) for b, _ in self.pairs],
                [statistics.fmean(h[k] for k in self.keys) for _, h in self.pairs])


def assess(suites, config):
    """Tests every unanswered suite at its current look; marks the answered ones."""
    spreads = {x.name: sequential.suite_spread(*x.means()) for x in suites.values()}
    for suite in suites.values():
        if suite.answered:
            continue
        others = [s[0] for name, s in spreads.items() if s and name != suite.name]
        prior = statistics.median(others) if len(others) >= 2 else None  # never the suite's own spread
        look = len(suite.pairs)
        level = sequential.look_level(config.alpha, look, config.max_pairs, len(suites))
        entry = sequential.test_look(*suite.means(), level, prior, config.min_effect)
        entry.update(rows=len(suite.keys or []), pairs=look)
        suite.result = entry
        mde = entry["mde"]
        suite.answered = entry["call"] in (WORSE, BETTER) or (mde is not None and mde <= config.max_mde)
        if entry["call"] in (WORSE, BETTER):
            entry["rows_called"] = row_calls(suite, entry["call"], level * len(suites), config.min_effect)


def row_calls(suite, direction, alpha, min_effect):
    """Under a suite's call, its rows that moved the same way: each row's run-level t
    (time_calls.py) with Benjamini-Hochberg over the suite's rows at the look's share of
    alpha. A row is never called on its own: one disturbed run moves many rows together, and
    only the suite's test, against the spread of whole runs, can tell that from a change."""
    evidence = {k: {"base": [b[k] for b, _ in suite.pairs], "head": [h[k] for _, h in suite.pairs]}
                for k in suite.keys}
    pairs = {k: (ev["base"], ev["head"]) for k, ev in evidence.items()}
    decided = time_calls.decide(pairs, time_calls.NoiseModel(evidence), alpha, min_effect)
    return sorted([k[0], k[1], round(e["ratio"], 4)] for k, e in decided.items() if e["call"] == direction)


def run_gate(runner, config, clock, log=lambda line: None):
    """Runs pairs until the question is answered; returns the gate's document (see summary)."""
    start, suites, runs, stop = clock(), {}, [], None
    per_row_s = exact = None
    warm_up = getattr(runner, "warm_up", None)
    if warm_up is not None:
        try:
            warm_up(config.budget_s)
        except RunTimeout:
            stop = "budget"
        log(f"warm-up: {clock() - start:.0f} s")
    while stop is None:
        full = len(runs) < config.min_pairs
        pending = [s.name for s in suites.values() if not s.answered and len(s.pairs) < config.max_pairs]
        if not full and not pending:
            stop = "answered" if all(s.answered for s in suites.values()) else "max pairs"
            break
        selection = None if full else pending
        rows = sum(len(suites[n].keys or []) for n in (list(suites) if full else pending))
        remaining = config.budget_s - (clock() - start)
        predicted = 2 * per_row_s * rows if per_row_s is not None and rows else 0.0
        if remaining <= 0 or predicted > remaining:
            stop = "budget"
            break
        t0 = clock()
        try:
            order = ("base", "head") if len(runs) % 2 == 0 else ("head", "base")
            got = {side: runner(side, selection, remaining - (clock() - t0)) for side in order}
        except RunTimeout:
            stop = "budget"
            break
        seconds = clock() - t0
        runs.append({"suites": selection, "seconds": round(seconds, 2), "order": list(order)})
        if len(runs) == 1:
            # A suite the head's run has no row of is not timed again and again: the exact
            # figures' judgement (gate_exact.py) names it NOT ASSESSED, or the selection changed.
            head = got["head"].rows if got["head"].rows is not None else got["head"].logs
            head_suites = {suite_of(k) for k in head}
            for key in got["base"].logs:
                if suite_of(key) in head_suites:
                    suites.setdefault(suite_of(key), Suite(suite_of(key)))
            exact = (got["base"], got["head"])  # the exact figures are compared on the first pair
        for name in selection or list(suites):
            suites[name].add(got["base"].logs, got["head"].logs)
        ran = sum(len(got[side].logs) for side in order)
        per_row_s = seconds / ran if ran else per_row_s
        assess(suites, config)
        log(f"pair {len(runs)} ({'all suites' if full else ', '.join(selection)}): {seconds:.0f} s; "
            f"{sum(s.answered for s in suites.values())}/{len(suites)} suites answered")
        if any(s.result and s.result["call"] == WORSE for s in suites.values()):
            stop = "regression"
    return summary(suites, runs, stop, config, clock() - start, exact)


def summary(suites, runs, stop, config, wall_s, exact):
    """The gate's document: per suite its call, MDE, pairs; the stop reason; the exit code."""
    out = {}
    for name, suite in suites.items():
        entry = dict(suite.result or {"call": None, "mde": None, "pairs": len(suite.pairs)})
        entry["assessed"] = suite.answered
        if not suite.answered:
            entry["call"] = "NOT_ASSESSED"
        out[name] = entry
    worse = sorted(n for n, e in out.items() if e["call"] == WORSE)
    unassessed = sorted(n for n, e in out.items() if not e["assessed"])
    code = EXIT_REGRESSION if worse else EXIT_NOT_ASSESSED if unassessed or not out else EXIT_OK
    return {"suites": out, "worse": worse, "not_assessed": unassessed, "stop": stop, "exit_code": code,
            "pairs": len(runs), "runs": runs, "wall_s": round(wall_s, 1), "exact": exact,
            "config": {"max_mde": config.max_mde, "budget_s": config.budget_s, "alpha": config.alpha,
                       "min_effect": config.min_effect, "min_pairs": config.min_pairs,
                       "max_pairs": config.max_pairs, "spending": "Pocock-type, Bonferroni over suites"}}
