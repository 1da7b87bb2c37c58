# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""HISTORY/nights.jsonl: what the gate said of each night, and what became the baseline.

The baseline only ratchets: a night becomes the baseline when the gate fully assessed it and
found no regression (exit 0), or when someone accepted it by name (an explicit accept of a
regression, of a NOT ASSESSED night or of one whose baseline was unreadable, recorded with
who). Any other night keeps the old baseline, so a regression is reported on every later
night until it is fixed or accepted.

One JSON object a line, oldest first, in the order the nights were recorded. The log is only
ever appended to: what an earlier night wrote is never rewritten, so a byte it holds (even one
that is not UTF-8) stays as it was. A line that is not a well-formed record (not UTF-8, not
JSON, a field of the wrong type) is named and skipped by every reader, never a crash.
"""
import datetime
import errno
import json
import os
import stat

from clampbench_scripts.common.errors import InputError
from clampbench_scripts.common.output import json_text
from clampbench_scripts.history import names

LOG_NAME = "nights.jsonl"
VERDICTS = {0: "passed", 1: "regression", 3: "not assessed"}
CLOCK_SLACK = datetime.timedelta(minutes=5)  # a runner's clock may drift this far unflagged

# A record's fields and the types a reader may rely on (None allowed where listed).
_FIELDS = {"time": (str,), "run": (str,), "gate": (int,), "verdict": (str,),
           "not_assessed": (list,), "failing": (list,), "baseline": (str,),
           "accepted_by": (str, type(None))}


def log_path(history_dir):
    return os.path.join(history_dir, LOG_NAME)


def replaces_baseline(gate, accepted_by):
    """The baseline rule: True when a night with gate exit code GATE may become the baseline.
    An accept by name takes any night that was merged and recorded: a regression, a NOT
    ASSESSED night, or one gated against a baseline that could not be read (the repair)."""
    return gate == 0 or bool(accepted_by)


def verdict_of(gate):
    """The word the log and the dashboard use for a gate exit code."""
    return VERDICTS.get(gate, f"error (exit {gate})")


def _names(gate_doc, key):
    """["category: row (reason)"] of a compare --format json document's KEY block."""
    block = gate_doc.get(key) if isinstance(gate_doc, dict) else None
    if isinstance(block, list):
        return [str(item) for item in block]
    if not isinstance(block, dict):
        return []
    out = []
    for category, rows in sorted(block.items()):
        for row in rows if isinstance(rows, list) else [rows]:
            parts = row if isinstance(row, (list, tuple)) else [row]
            out.append(f"{category}: " + " ".join(str(p) for p in parts))
    return out


def clock_ahead(run_time, now):
    """RUN_TIME (the run's own environment.time) when it is ahead of NOW, the recording
    clock, by more than CLOCK_SLACK (a runner whose clock is wrong); else None."""
    when = names.run_time(run_time)
    return str(run_time) if when and when.replace(tzinfo=datetime.timezone.utc) - now > CLOCK_SLACK else None


def entry(run_name, identity, gate, gate_doc, replaced, accepted_by, now=None, run_time=None):
    """The log line of one night; NOW is the recording clock (UTC)."""
    when = now or datetime.datetime.now(datetime.timezone.utc)
    item = {"time": when.strftime(names.RUN_TIME), "run": run_name, "identity": identity,
            "gate": gate, "verdict": verdict_of(gate),
            "not_assessed": _names(gate_doc, "not_assessed"), "failing": _names(gate_doc, "failing"),
            "baseline": "replaced" if replaced else "kept", "accepted_by": accepted_by or None}
    ahead = clock_ahead(run_time, when)
    if ahead:
        item["run_clock_ahead"] = ahead
    return item


def _problem(item):
    """Why ITEM is not a night's record ("" when it is)."""
    if not isinstance(item, dict):
        return "not a JSON object"
    for field, types in _FIELDS.items():
        value = item.get(field)
        if not isinstance(value, types) or isinstance(value, bool):
            return f"its {field} is not a {' or '.join(t.__name__ for t in types if t is not type(None))}"
        if isinstance(value, list) and not all(isinstance(x, str) for x in value):
            return f"its {field} is not a list of strings"
    return ""


def load(history_dir, warn=None):
    """The log's records, oldest first; a line that is not one (not UTF-8, not JSON, a field
    of the wrong type) is named through WARN(path, problem) and skipped."""
    path = log_path(history_dir)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return []
    if not stat.S_ISREG(st.st_mode):  # a FIFO would block the reader
        if warn:
            warn(path, "is not a regular file; the nights' records are not read")
        return []
    out = []
    with open(path, "rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.strip():
                continue
            try:
                item = json.loads(raw.decode("utf-8"))
                problem = _problem(item)
            except (UnicodeDecodeError, ValueError, RecursionError) as e:
                problem = "not UTF-8" if isinstance(e, UnicodeDecodeError) else "not JSON"
            if not problem:
                out.append(item)
            elif warn:
                warn(path, f"line {number} is not a night's record ({problem}); skipped")
    return out


def append(history_dir, item):
    """Adds ITEM as one line at the end of the log. Nothing before it is rewritten; a log
    whose last line was cut (a night killed mid-write) gets a newline first, so the cut line
    stays one bad line and ITEM a good one. A write that fails midway (disk full) is taken
    back: the log ends as it was."""
    path = log_path(history_dir)
    if os.path.lexists(path) and not stat.S_ISREG(os.lstat(path).st_mode):
        raise InputError(path, "is not a regular file; refusing to write the night's record")
    line = (json_text(item, sort_keys=True) + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o666)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line
        try:
            written = os.write(fd, line)
            if written != len(line):
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
            os.fsync(fd)
        except BaseException:
            os.ftruncate(fd, size)
            raise
    finally:
        os.close(fd)


def by_run(entries):
    """{history file name: its latest entry}."""
    return {e["run"]: e for e in entries}
