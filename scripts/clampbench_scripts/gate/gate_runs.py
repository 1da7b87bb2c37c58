# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The adaptive gate's runner: `clampbench run` of the base or the head binary, with the
user's run arguments, into a work directory; the results are loaded as compare.py loads them.
A repetition of some suites only replaces the user's --suite with those suites, and counts no
instructions (the first pair's counts are the ones compared). The warm-up runs each binary once
with the user's selection and the shortest timing, and keeps nothing."""
import os
import signal
import subprocess

from clampbench_scripts.common.results import load_rows
from clampbench_scripts.compare import time_calls
from clampbench_scripts.gate.adaptive import Run, RunTimeout

# run arguments the gate owns (or that would leave no timing to gate)
REFUSED = ("--out", "--resume", "--dump", "--force", "--no-timing", "--benchmark_list_tests", "--help", "-h",
           "--trace-out")


EXIT_USAGE = 2  # clampbench's bad usage: the run arguments are wrong, whichever binary runs them


class RunFailed(Exception):
    """A clampbench run that exited with an error or wrote no results: exit 3, one line; exit
    2 when the binary refused the run arguments (usage: the gate was asked wrongly)."""

    def __init__(self, message, usage=False):
        super().__init__(message)
        self.usage = usage


def last_line(stderr):
    """The run's last stderr line, less an interrupted run's "; --resume FILE continues the
    run": FILE is in the gate's work directory, removed when the gate ends."""
    line = (stderr.strip().splitlines() or ["(no message)"])[-1]
    return line.split("; --resume ", 1)[0]


def refused_argument(run_args):
    """The first run argument the gate cannot pass on, or None."""
    for arg in run_args:
        if arg.split("=", 1)[0] in REFUSED:
            return arg.split("=", 1)[0]
    return None


def without_suites(run_args):
    """RUN_ARGS less every --suite NAME / --suite=NAME."""
    out, skip = [], False
    for arg in run_args:
        if skip:
            skip = False
        elif arg == "--suite":
            skip = True
        elif not arg.startswith("--suite="):
            out.append(arg)
    return out


def command(binary, run_args, suites, out, first):
    """The clampbench command line of one run (SUITES None: the user's selection)."""
    args = list(run_args) if suites is None else without_suites(run_args) + ["--suite", ",".join(suites)]
    if not first and not any(a.split("=", 1)[0] == "--instructions" for a in run_args):
        args += ["--instructions", "off"]
    return [binary, "run", *args, "--out", out]


# How long a run stopped by the gate (its budget ran out, the gate was interrupted) has to
# exit after SIGTERM before it is killed: clampbench removes its own temporary files (its
# callgrind child's directory) on SIGTERM, not on SIGKILL.
STOP_GRACE_S = 5.0


def stop(proc):
    """SIGTERM to PROC, then SIGKILL if it is still there after STOP_GRACE_S; waits for it
    (for the process, not for its pipes: a child of its own may hold them)."""
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=STOP_GRACE_S)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# appended to the user's run arguments for the warm-up (the last of a repeated flag wins)
WARM_UP = ("--instructions", "off", "--repetitions", "1", "--timing-timeout", "0.02")


class BinaryRunner:
    """runner(side, suites, timeout) for adaptive.run_gate: BINARIES {"base": path, "head": path}."""

    def __init__(self, binaries, run_args, work_dir, log=print):
        self.binaries, self.run_args, self.work_dir, self.log = binaries, list(run_args), work_dir, log
        self.count = {"base": 0, "head": 0}

    def warm_up(self, timeout):
        """Each binary once, discarded: the first timed run after an idle spell is slower."""
        for side in ("base", "head"):
            out = os.path.join(self.work_dir, f"warm-up-{side}.json")
            self._run(side, [self.binaries[side], "run", *self.run_args, *WARM_UP, "--out", out], out, timeout)
            os.remove(out)

    def __call__(self, side, suites, timeout):
        index = self.count[side]
        self.count[side] += 1
        out = os.path.join(self.work_dir, f"{side}{index}.json")
        cmd = command(self.binaries[side], self.run_args, suites, out, first=index == 0)
        self._run(side, cmd, out, timeout)
        env, rows = load_rows(out, allow_partial=False)
        logs = {key: value for key, value in ((k, time_calls.log_median(r)) for k, r in rows.items())
                if value is not None}
        return Run(logs, env, rows)

    def _run(self, side, cmd, out, timeout):
        with subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as proc:
            try:
                _, stderr = proc.communicate(timeout=max(timeout, 0.001))
            except subprocess.TimeoutExpired:
                stop(proc)
                raise RunTimeout() from None
            except BaseException:  # the gate interrupted: the run ends before the gate removes its files
                stop(proc)
                raise
        if proc.returncode not in (0, 1) or not os.path.exists(out):  # 1: unexpected verdicts, still timed
            raise RunFailed(f"{side} run exited {proc.returncode}: {last_line(stderr)}",
                            usage=proc.returncode == EXIT_USAGE)
