# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A history file's name, <UTC time>-<short commit>[-N].json, and the order it gives: the order
the runs were recorded. The time is the run's own (environment.time), kept between the history's
newest name and the recording clock, so a runner's wrong clock cannot move a night out of the
order in which it was recorded."""
import datetime
import os
import re

STAMP = "%Y%m%dT%H%M%SZ"
RUN_TIME = "%Y-%m-%dT%H:%M:%SZ"  # a results file's environment.time, and a night record's time
_NAME = re.compile(r"^(\d{8}T\d{6}Z)-[0-9A-Za-z]+(?:-(\d+))?\.json$")


def _parse(text, fmt):
    try:
        return datetime.datetime.strptime(str(text), fmt)
    except ValueError:
        return None


def run_time(text):
    """TEXT (environment.time) as a naive UTC datetime, None when it is not one."""
    return _parse(text, RUN_TIME)


def recorded_key(path, env):
    """Where a run stands in its history: the stamp of its file name (history.add's, in the
    order runs were added), then its -N; a file named by hand stands at its run's own time."""
    match = _NAME.match(os.path.basename(path))
    if match:
        return (match.group(1), int(match.group(2) or 1), path)
    when = run_time(env.get("time"))
    return (when.strftime(STAMP) if when else "", 0, path)


def _utc_stamp(env, newest=None, now=None):
    """The run's time as a name stamp, kept within [just after NEWEST, NOW]: a history is in the
    order its runs were recorded, so a runner whose clock is years ahead cannot stay "latest"
    and hide every later night, and one whose clock is behind cannot hide behind older runs."""
    now = (now or datetime.datetime.now(datetime.timezone.utc)).replace(tzinfo=None, microsecond=0)
    when = min(run_time(env.get("time")) or now, now)
    if newest is not None and when <= newest:
        when = newest + datetime.timedelta(seconds=1)
    return when.strftime(STAMP)


def newest_stamp(directory):
    """The latest name stamp of DIRECTORY's history files (None when there is none)."""
    stamps = [m.group(1) for m in map(_NAME.match, os.listdir(directory)) if m] if os.path.isdir(directory) else []
    return _parse(max(stamps), STAMP) if stamps else None


def history_name(env, newest=None, now=None):
    commit = re.sub(r"[^0-9A-Za-z]", "", str(env.get("git_commit") or ""))[:7] or "nocommit"
    return f"{_utc_stamp(env, newest, now)}-{commit}"
