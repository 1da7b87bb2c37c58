# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The faults of the nightly fault matrix that strike after the gate or around it: the
dashboard, the history's and the site's writes, the state's lock and files, a runner's clock
and a refused or lost accept. Each is a dict of nightly_faults.Fault's fields; a fault that
needs a full or read-only disk mounts a small tmpfs (root; CI runs as root), unmounted by
unmount_all()."""
import glob
import json
import os
import shutil
import stat
import subprocess

import nightly_chain as chain

_MOUNTS = []


def _mount(path, data_from=None):
    """A tmpfs at PATH holding a copy of DATA_FROM's files, just big enough for them."""
    keep = path + ".kept"
    if data_from:
        shutil.copytree(data_from, keep)
        shutil.rmtree(data_from)
    os.makedirs(path, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", path], check=True, capture_output=True)
    _MOUNTS.append(path)
    if data_from:
        shutil.copytree(keep, path, dirs_exist_ok=True)
        shutil.rmtree(keep)


def _fill(path):
    with open(os.path.join(path, "filler"), "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 65536)
        except OSError:
            pass


def unmount_all():
    while _MOUNTS:
        subprocess.run(["umount", "-l", _MOUNTS.pop()], capture_output=True)


def can_mount():
    return os.geteuid() == 0 and shutil.which("mount") is not None


def _site(shard_dir):
    return os.path.join(os.path.dirname(shard_dir), "site")


def _log(state):
    return os.path.join(state, "history", chain.LOG_NAME)


def _append_log(state, data):
    with open(_log(state), "ab") as f:
        f.write(data)


def _record_of_wrong_type(shard_dir, state):
    """A record of the newest run in the history whose verdict is an object, not a word."""
    newest = sorted(n for n in os.listdir(os.path.join(state, "history")) if n.endswith(".json"))[-1]
    _append_log(state, json.dumps({"run": newest, "verdict": {"a": 1}}).encode() + b"\n")


def _site_full(shard_dir, state):
    _mount(_site(shard_dir))
    _fill(_site(shard_dir))


def _site_a_file(shard_dir, state):
    with open(_site(shard_dir), "w", encoding="utf-8") as f:
        f.write("not a directory\n")


def _history_full(shard_dir, state):
    history = os.path.join(state, "history")
    _mount(history, data_from=history)
    _fill(history)


def _free_history(state):
    for path in glob.glob(os.path.join(state, "history", "filler")):
        os.unlink(path)


def _state_read_only(shard_dir, state):
    _mount(state, data_from=state)
    subprocess.run(["mount", "-o", "remount,ro", state], check=True, capture_output=True)


def _state_writable(state):
    subprocess.run(["mount", "-o", "remount,rw", state], check=True, capture_output=True)


def _lock_fifo(shard_dir, state):
    os.unlink(os.path.join(state, ".lock"))
    os.mkfifo(os.path.join(state, ".lock"))


def _lock_dir(shard_dir, state):
    os.unlink(os.path.join(state, ".lock"))
    os.mkdir(os.path.join(state, ".lock"))


def _lock_back(state):
    path = os.path.join(state, ".lock")
    if stat.S_ISDIR(os.lstat(path).st_mode):
        os.rmdir(path)
    else:
        os.unlink(path)


def _log_a_dir(shard_dir, state):
    os.rename(_log(state), _log(state) + ".kept")
    os.mkdir(_log(state))


def _log_back(state):
    os.rmdir(_log(state))
    os.rename(_log(state) + ".kept", _log(state))


def _clock_ahead(shard_dir, state):
    for i in range(1, chain.SHARDS + 1):
        chain.edit_shard(shard_dir, i, lambda doc: doc["environment"].update(time="2031-01-01T00:00:00Z"))


def _killed_accept(work):
    """An interpreter that is SIGKILLed when it runs history.py accept: the night killed
    between its history add and its record."""
    path = os.path.join(work, "python-kills-accept")
    with open(path, "w", encoding="utf-8") as f:
        f.write('#!/bin/sh\ncase " $* " in *" accept "*) kill -9 $$;; esac\nexec /usr/bin/python3 "$@"\n')
    os.chmod(path, 0o755)
    return path


AFTER_GATE = (
    dict(name="a night record of the wrong type", stage="report", inject=_record_of_wrong_type),
    dict(name="the site directory full", stage="site write", inject=_site_full, mounts=True),
    dict(name="the site a file", stage="site write", inject=_site_a_file),
    dict(name="the history's disk full", stage="history write", inject=_history_full, repair=_free_history,
         mounts=True),
    dict(name="the state read-only", stage="lock", inject=_state_read_only, repair=_state_writable, mounts=True),
    dict(name="the lock a FIFO", stage="lock", inject=_lock_fifo, repair=_lock_back),
    dict(name="the lock a directory", stage="lock", inject=_lock_dir, repair=_lock_back),
    dict(name="the nights log a directory", stage="state files", inject=_log_a_dir, repair=_log_back),
    dict(name="the nights log not UTF-8", stage="state files",
         inject=lambda d, s: _append_log(s, b'{"run": "caf\xe9.json"}\n')),
    dict(name="the nights log truncated", stage="state files",
         inject=lambda d, s: _append_log(s, b'{"run": "cut mid-wri')),
    dict(name="the runner clock in 2031", stage="clock skew", inject=_clock_ahead),
    dict(name="an accept by a blank name", stage="refused accept", accepted_by=" "),
    dict(name="the night killed before its record", stage="baseline rule", python=_killed_accept),
)
