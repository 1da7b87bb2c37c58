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
import re
import shutil
import subprocess

from clampbench_testing import ROOT, binary_path

SHARDS = 2
SUITES = ("mamba_block_table", "mamba_fallback")
BASE_ARGS = ("--backend", "host", "--no-timing", "--instructions", "callgrind")
LOG_NAME = "nights.jsonl"


@dataclasses.dataclass
class Night:
    rc: int
    stderr: str
    before: str       # sha256 of the state's baseline.json as the night found it ("" when none)
    baseline: str     # and after the night
    record: dict      # the night's line in nights.jsonl (None when it was never recorded)
    badge: str = ""   # the gate's badge on the night's dashboard ("" when none was drawn)
    shows_itself: bool = True  # the dashboard's latest run is this night's (or none was drawn)
    lost: tuple = ()  # what an earlier night wrote that is gone or rewritten


def _script(name, *args, cwd=None, env=None):
    env = {**os.environ, "BINARY": binary_path(), **(env or {})}
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
    lines = _log_lines(state)
    if len(lines) <= run_before:
        return None
    try:
        return json.loads(lines[-1])
    except ValueError:
        return None


def _log_lines(state):
    path = os.path.join(state, "history", LOG_NAME)
    if not os.path.isfile(path):
        return []
    with open(path, "rb") as f:
        return [line for line in f.read().splitlines() if line.strip()]


def records(state):
    return len(_log_lines(state))


def snapshot(state):
    """{path under STATE: bytes} of what the nights wrote and must keep: the history's runs
    and its nights log (not the baseline, which a passed night replaces, the cache or the lock)."""
    out = {}
    for top, dirs, files in os.walk(state):
        dirs[:] = [d for d in dirs if d != ".cache"]
        for name in files:
            path = os.path.join(top, name)
            if name in ("baseline.json", ".lock") or name.startswith(".tmp") or not os.path.isfile(path):
                continue
            with open(path, "rb") as f:
                out[os.path.relpath(path, state)] = f.read()
    return out


def lost(before, after):
    """What of BEFORE (snapshot) is not in AFTER: a file gone or changed; the nights log may
    only have grown at its end."""
    out = []
    for name, data in before.items():
        now = after.get(name)
        grown = name.endswith(LOG_NAME) and now is not None and now.startswith(data)
        if now != data and not grown:
            out.append(name)
    return tuple(out)


def _site_view(site, env_time):
    """(the gate's badge, whether the latest run shown is the run of ENV_TIME) of SITE's page."""
    page = os.path.join(site, "index.html")
    if not os.path.isfile(page):
        return "", True
    with open(page, encoding="utf-8") as f:
        text = f.read()
    badge = re.search(r'<span class="badge [a-z]+">(gate: [^<]*)</span>', text)
    latest = re.search(r"latest run <b>.*?</b> on .*?, ([^ ]+) &middot;", text)
    return (badge.group(1) if badge else ""), bool(latest and latest.group(1) == env_time)


def night(workdir, state, shards_from, inject=None, accepted_by=None, python=None):
    """One night: the shard files of SHARDS_FROM copied into a new directory of WORKDIR,
    INJECT(shard_dir, state) applied (the fault), then merge.sh on STATE (its Python steps run
    by PYTHON when given)."""
    n = len([d for d in os.listdir(workdir) if d.startswith("night-")])
    here = os.path.join(workdir, f"night-{n}")
    shard_dir = os.path.join(here, "shards")
    shutil.copytree(shards_from, shard_dir, ignore=shutil.ignore_patterns("*.log"))
    if inject:
        inject(shard_dir, state)
    logged, before = records(state), digest(os.path.join(state, "baseline.json"))
    kept = snapshot(state) if os.path.isdir(state) else {}
    extra = ["--accepted-by", accepted_by] if accepted_by is not None else []
    env = {"CLAMPBENCH_PYTHON": python} if python else {}
    site = os.path.join(here, "site")
    proc = _script("ci/steps/merge.sh", shard_dir, state, site, *extra, env=env)
    with open(os.path.join(shard_dir, f"shard-1-of-{SHARDS}.json"), encoding="utf-8") as f:
        env_time = json.load(f)["environment"]["time"]
    badge, shows_itself = _site_view(site, env_time)
    return Night(proc.returncode, proc.stderr, before, digest(os.path.join(state, "baseline.json")),
                 last_record(state, logged), badge, shows_itself, lost(kept, snapshot(state)))


def edit_shard(shard_dir, index, change):
    """Rewrites shard INDEX of SHARD_DIR with CHANGE(doc) applied."""
    path = os.path.join(shard_dir, f"shard-{index}-of-{SHARDS}.json")
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    change(doc)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f)
