# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The faults of the nightly fault matrix, each at the stage of the chain where it happens,
and the matrix as the markdown table docs/ci.md shows."""
import dataclasses
import datetime
import glob
import itertools
import json
import os
import shutil
import uuid

import after_gate_faults
import nightly_chain as chain


_NIGHTS = itertools.count(1)
# A day back, so that the nights' times, a minute apart, stay behind the merge's own clock.
_START = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(days=1)


def fresh(shards_from, work):
    """A copy of the shard files of SHARDS_FROM stamped as a later night's (its start time and
    run id): the same measurements, as a deterministic run gives them night after night."""
    out = os.path.join(work, f"fresh-{uuid.uuid4().hex[:8]}")
    shutil.copytree(shards_from, out, ignore=shutil.ignore_patterns("*.log"))
    when = (_START + datetime.timedelta(minutes=next(_NIGHTS))).strftime("%Y-%m-%dT%H:%M:%SZ")
    for i in range(1, chain.SHARDS + 1):
        chain.edit_shard(out, i, lambda doc: doc["environment"].update(time=when, run_id=uuid.uuid4().hex))
    return out


def _lose(shard_dir, state):
    os.unlink(os.path.join(shard_dir, f"shard-2-of-{chain.SHARDS}.json"))


def _interrupt(shard_dir, state):
    def cut(doc):
        doc["cases"] = doc["cases"][:-1]
        doc["outcome"]["status"] = "interrupted"
    chain.edit_shard(shard_dir, 2, cut)


def _other_build(shard_dir, state):
    chain.edit_shard(shard_dir, 2, lambda doc: doc["environment"].update(git_commit="f" * 40))


def _invalid_count(shard_dir, state):
    def negative(doc):
        doc["cases"][0]["variants"][0]["allocations"]["ledger"]["host"]["allocations"] = -1
    chain.edit_shard(shard_dir, 1, negative)


def _corrupt_history_entry(shard_dir, state):
    newest = sorted(glob.glob(os.path.join(state, "history", "*.json")))[-1]
    with open(newest, "w", encoding="utf-8") as f:
        f.write('{"tool": "clampbench", "schema_version": ')


def _corrupt_night_log(shard_dir, state):
    with open(os.path.join(state, "history", "nights.jsonl"), "a", encoding="utf-8") as f:
        f.write('{"run": \n\x00not json\n')


def _corrupt_baseline(shard_dir, state):
    with open(os.path.join(state, "baseline.json"), "w", encoding="utf-8") as f:
        json.dump({"tool": "clampbench"}, f)


@dataclasses.dataclass(frozen=True)
class Fault:
    name: str
    stage: str
    inject: object = None           # (shard_dir, state) -> None, before merge.sh
    selection: dict = dataclasses.field(default_factory=dict)  # ShardCache.get arguments
    twice: bool = False             # the night merged again from the same shards
    persists: bool = False          # the fault stays until someone repairs the state
    blinds: bool = False            # the gate cannot see some figure: never a pass, plant or not
    hides: tuple = ()               # plants the fault makes unseen: NOT ASSESSED (3) is their due
    repair: object = None           # (state) -> None: someone repairs the state before the next night
    accepted_by: str = None         # merge.sh --accepted-by of the faulty night
    python: object = None           # (work) -> the interpreter merge.sh runs the Python steps with
    mounts: bool = False            # needs a tmpfs (a full or read-only disk): root only

    def shards(self, cache, plant):
        return cache.get(plant, **self.selection)

    def run(self, work, state, cache, plant):
        """The faulty night(s): [chain.Night]."""
        shards = fresh(self.shards(cache, plant), work)
        python = self.python(work) if self.python else None
        nights = [chain.night(work, state, shards, self.inject, self.accepted_by, python)]
        if self.twice:
            nights.append(chain.night(work, state, shards))
        if self.repair:
            self.repair(state)
        return nights


FAULTS = (
    Fault("a shard lost", "shard", _lose),
    Fault("a shard interrupted", "shard", _interrupt),
    Fault("a shard from another build", "shard", _other_build),
    Fault("a suite dropped", "shard", selection={"suites": chain.SUITES[:1]}, blinds=True),
    Fault("instruction counts off", "shard", selection={"instructions": False}, blinds=True,
          hides=("instructions",)),
    Fault("a count invalid (-1)", "merge", _invalid_count),
    Fault("the night merged and added twice", "history", twice=True),
    Fault("a history entry corrupted", "history", _corrupt_history_entry),
    Fault("the baseline corrupted", "gate", _corrupt_baseline, persists=True),
    Fault("the nights log corrupted", "baseline rule", _corrupt_night_log),
    *(Fault(**fields) for fields in after_gate_faults.AFTER_GATE),
)


def _outcome(night):
    return f"{night.rc} {'kept' if night.baseline == night.before else 'new'}"


def render(matrix, plants):
    """The markdown table of the observed matrix."""
    head = "| fault | stage | " + " | ".join(f"plant {p}" if p else "no plant" for p in plants) + " |"
    lines = [head, "|---|---|" + "---|" * len(plants)]
    for fault in FAULTS:
        cells = []
        for plant in plants:
            cell = next(c for c in matrix if c["fault"] is fault and c["plant"] == plant)
            faulty = ", ".join(_outcome(n) for n in cell["nights"])
            cells.append(f"{faulty} &rarr; {_outcome(cell['after'])}")
        lines.append(f"| {fault.name} | {fault.stage} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
