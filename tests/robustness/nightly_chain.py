# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The nightly chain the workflows run, night after night, with a fault injected into one
stage: the shards come from ci/steps/shard.sh (run once per selection and plant, then
copied: a shard file is what a matrix job uploads), and every night is ci/steps/merge.sh on
a kept state directory (merge, history, gate, baseline rule, dashboard), as in CI."""
import dataclasses
import hashlib
import json
import os
import shutil
import subprocess

from clampbench_testing import ROOT, binary_path

SHARDS = 2
SUITES = ("mamba_block_table", "mamba_fallback")
BASE_ARGS = ("--backend", "host", "--no-timing", "--instructions", "callgrind")


@dataclasses.dataclass
class Night:
    rc: int
    stderr: str
    before: str       # sha256 of the state's baseline.json as the night found it ("" when none)
    baseline: str     # and after the night
    record: dict      # the night's line in nights.jsonl (None when it was never recorded)


def _script(name, *args, cwd=None):
    env = {**os.environ, "BINARY": binary_path()}
    return subprocess.run(["bash", os.path.join(ROOT, *name.split("/")), *map(str, args)],
                          capture_output=True, text=True, timeout=600, env=env, cwd=cwd)


def digest(path):
    try:
        with open(path, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except FileNotFoundError:
        return ""


class ShardCache:
    """The shard files of one selection and plant, made once by shard.sh."""

    def __init__(self, root):
        self.root = root
        self.made = {}

    def get(self, plant=None, instructions=True, suites=SUITES):
        key = (plant, instructions, tuple(suites))
        if key not in self.made:
            out = os.path.join(self.root, f"shards-{len(self.made)}")
            args = [*BASE_ARGS, "--suite", ",".join(suites)]
            if not instructions:
                args[args.index("callgrind")] = "off"
            if plant:
                args += ["--plant", plant]
            for i in range(1, SHARDS + 1):
                proc = _script("ci/steps/shard.sh", i, SHARDS, out, *args)
                assert proc.returncode == 0, proc.stderr
            self.made[key] = out
        return self.made[key]


def last_record(state, run_before):
    """The nights.jsonl line added by the night (None when the night added none)."""
    path = os.path.join(state, "history", "nights.jsonl")
    if not os.path.isfile(path):
        return None
    lines = [line for line in open(path, encoding="utf-8").read().splitlines() if line.strip()]
    return json.loads(lines[-1]) if len(lines) > run_before else None


def records(state):
    path = os.path.join(state, "history", "nights.jsonl")
    if not os.path.isfile(path):
        return 0
    return sum(1 for line in open(path, encoding="utf-8") if line.strip())


def night(workdir, state, shards_from, inject=None, accepted_by=None):
    """One night: the shard files of SHARDS_FROM copied into a new directory of WORKDIR,
    INJECT(shard_dir, state) applied (the fault), then merge.sh on STATE."""
    n = len([d for d in os.listdir(workdir) if d.startswith("night-")])
    here = os.path.join(workdir, f"night-{n}")
    shard_dir = os.path.join(here, "shards")
    shutil.copytree(shards_from, shard_dir, ignore=shutil.ignore_patterns("*.log"))
    if inject:
        inject(shard_dir, state)
    logged, before = records(state), digest(os.path.join(state, "baseline.json"))
    extra = ["--accepted-by", accepted_by] if accepted_by else []
    proc = _script("ci/steps/merge.sh", shard_dir, state, os.path.join(here, "site"), *extra)
    return Night(proc.returncode, proc.stderr, before, digest(os.path.join(state, "baseline.json")),
                 last_record(state, logged))


def edit_shard(shard_dir, index, change):
    """Rewrites shard INDEX of SHARD_DIR with CHANGE(doc) applied."""
    path = os.path.join(shard_dir, f"shard-{index}-of-{SHARDS}.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    change(doc)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
