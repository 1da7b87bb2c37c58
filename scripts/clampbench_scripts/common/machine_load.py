# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Whether a run's timings can be called at all: how busy its machine was (the results'
environment.machine_load, the 1-minute load average at the start and end of the run). On an
overloaded machine two runs of one commit differ by 1.6x in wall time; with one run per side
nothing measures that spread, so time_calls.py does not assess it."""


def busy_per_cpu(env):
    """Runnable threads per CPU besides the run's own: the larger of the load at the start and
    the load at the end less the run's one thread; None when the run did not record its load."""
    load = env.get("machine_load")
    try:
        return max(load["load_1m_start"], load["load_1m_end"] - 1) / load["cpus"]
    except (TypeError, KeyError, ZeroDivisionError):
        return None


def overload_note(env, side, limit):
    """Why SIDE's timings cannot be called ("head measured under load 7.0 on 2 CPUs"), or None."""
    busy = busy_per_cpu(env)
    if busy is None or busy <= limit:
        return None
    load = env["machine_load"]
    peak = max(load["load_1m_start"], load["load_1m_end"])
    return f"{side} measured under load {peak:.1f} on {load['cpus']} CPUs"
