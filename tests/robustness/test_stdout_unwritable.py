# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A stdout that cannot take the output (closed with `>&-`, or an ASCII-only encoding and a
non-ASCII string in the file) is one line on stderr and exit 3 (an I/O error, never 0 with the
output lost, never a traceback), for every script of the shared entry handler that writes
to stdout."""
import json
import os
import subprocess

import pytest
from clampbench_testing import fixture, load_json, one_line_error, script_command

TIMEOUT = 60
BASE, HEAD = fixture("base.json"), fixture("head_same.json")


def _run(script, *args, env=None, close_stdout=False):
    cmd = [*script_command(script), *map(str, args)]
    return subprocess.run(cmd, stdout=subprocess.DEVNULL if not close_stdout else None, stderr=subprocess.PIPE,
                          text=True, timeout=TIMEOUT, env=env,
                          preexec_fn=(lambda: os.close(1)) if close_stdout else None)


def _non_ascii(tmp_path):
    paths = []
    for path in (BASE, HEAD):
        doc = load_json(path)
        doc["environment"]["device_name"] = "h\u00f4te \u00e9"
        paths.append(tmp_path / os.path.basename(path))
        paths[-1].write_text(json.dumps(doc))
    return paths


@pytest.mark.parametrize("script,args", [("compare.py", (BASE, HEAD)),
                                         ("compare.py", (BASE, HEAD, "--format", "text")),
                                         ("export.py", (BASE, "--format", "bmf"))])
def test_closed_stdout_is_one_line_exit_3(script, args):
    proc = _run(script, *args, close_stdout=True)
    assert proc.returncode == 3
    assert "standard output is closed" in one_line_error(proc)


@pytest.mark.parametrize("fmt", ["text", "md"])
def test_an_encoding_stdout_cannot_write_is_one_line_exit_3(tmp_path, fmt):
    base, head = _non_ascii(tmp_path)
    env = dict(os.environ, PYTHONIOENCODING="ascii")
    proc = _run("compare.py", base, head, "--format", fmt, env=env)
    assert proc.returncode == 3
    line = one_line_error(proc)
    assert "encoding ascii" in line and "-o FILE" in line
    out = tmp_path / "cmp.txt"  # to a file it is UTF-8, whatever the terminal's encoding
    assert _run("compare.py", base, head, "--format", fmt, "-o", out, env=env).returncode == 0
    assert "h\u00f4te \u00e9" in out.read_text(encoding="utf-8")


def test_history_add_with_stdout_closed_is_exit_3_not_silence(tmp_path):
    proc = _run("history.py", "add", BASE, "--dir", tmp_path / "h", close_stdout=True)
    assert proc.returncode == 3 and "standard output is closed" in one_line_error(proc)
