# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""One allocation mode per binary, whatever the C library was told: the host allocator pins
glibc's thresholds, so the environment that forces the slow mode (the heap handed back after
every call, its blocks faulted in again on the next) changes nothing. Without the pin the same
run takes ten to twenty times the page faults (docs/performance.md)."""
import os
import resource
import subprocess

SLOW_MODE = "glibc.malloc.trim_threshold=1048576"  # the heap trimmed once 1 MiB at its top is free


def _minor_faults(clampbench, out, tunables):
    env = {**os.environ, "GLIBC_TUNABLES": tunables} if tunables else dict(os.environ)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt
    proc = clampbench("run", "--suite", "rocm_aiter_fa_chunks", "--backend", "host", "--instructions", "off",
                      "--repetitions", "3", "--timing-timeout", "0.05", "--out", out, env=env)
    assert proc.returncode == 0, proc.stderr
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_minflt - before


def test_the_slow_mode_cannot_be_entered(clampbench, tmp_path):
    # Each run writes a new file: a run that replaces an existing results file takes thousands of
    # faults more (measured: 2141 against 5249), which would make the first run look cheap. The
    # binary's own pages fault in as the page cache holds them, so each mode's count is the least
    # of three runs, the two modes taken in turn.
    counts = {None: [], SLOW_MODE: []}
    for n in range(3):
        for mode in counts:
            counts[mode].append(_minor_faults(clampbench, tmp_path / f"r{n}-{bool(mode)}.json", mode))
    plain, forced = min(counts[None]), min(counts[SLOW_MODE])
    assert forced < 1.5 * plain, counts
