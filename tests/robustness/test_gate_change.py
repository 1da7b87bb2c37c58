# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""scripts/gate-change.sh: its argument handling (one line, exit 2, nothing written) and its flow
with stand-ins for the two binaries and the gate, so no build runs: the gate's exit code is
passed on, an instruction count that grew is a regression, one that fell is only listed, and a
row counted on one side only is NOT ASSESSED."""
import json
import os
import stat
import subprocess

import pytest
from clampbench_testing import ROOT, one_line_error

SCRIPT = os.path.join(ROOT, "scripts", "gate-change.sh")
ROWS = [("s/A=1", "clamp"), ("s/A=1", "fused"), ("s/A=2", "clamp")]


def executable(path, text):
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def fake_binary(tmp_path, name, counts):
    """A clampbench stand-in whose `run ... --out F` writes one results file with these counts."""
    cases = {}
    for (case_id, variant), n in zip(ROWS, counts):
        cases.setdefault(case_id, []).append({"name": variant, "instructions": n})
    doc = {"cases": [{"case_id": c, "variants": v} for c, v in cases.items()]}
    data = tmp_path / f"{name}.json"
    data.write_text(json.dumps(doc))
    return executable(tmp_path / name, f"#!/bin/sh\nwhile [ $# -gt 1 ]; do [ \"$1\" = --out ] && cp '{data}' \"$2\"; "
                                       "shift; done\n")


def fake_gate(tmp_path, rc):
    return executable(tmp_path / "gate", f"#!/bin/sh\necho \"gate table: $*\"\nexit {rc}\n")


def gate_change(*args, gate=None):
    env = dict(os.environ)
    if gate:
        env["CLAMPBENCH_GATE"] = gate
    return subprocess.run(["bash", SCRIPT, *map(str, args)], capture_output=True, text=True, timeout=60, env=env)


@pytest.mark.parametrize("args, says", [
    (["--nope"], "unknown argument '--nope'"),
    (["--base"], "--base needs a value"),
    (["--jobs", "x"], "--jobs must be a positive integer"),
    (["--base-binary", "/no/such/binary"], "not an executable"),
    (["--base", "HEAD", "--base-binary", "/bin/true"], "exclude each other"),
    (["--", "--suite", "x", "--out", "f.json"], "run argument '--out'"),
    (["--", "--instructions", "off"], "run argument '--instructions'"),
    (["--head-binary", "/bin/true", "--base", "no-such-ref-at-all"], "not a commit"),
])
def test_bad_arguments_are_refused_with_one_line(tmp_path, args, says):
    out = tmp_path / "out"
    proc = gate_change("--out", out, *args)
    assert proc.returncode == 2 and says in one_line_error(proc)
    assert not out.exists() and proc.stdout == ""
    assert not [p for p in os.listdir(os.path.dirname(ROOT)) if p.startswith(".gate-change-base.")]


def test_out_must_be_a_directory(tmp_path):
    (tmp_path / "file").write_text("x")
    proc = gate_change("--out", tmp_path / "file")
    assert proc.returncode == 2 and "not a directory" in one_line_error(proc)
    assert (tmp_path / "file").read_text() == "x"


def test_help_prints_the_usage():
    proc = gate_change("--help")
    assert proc.returncode == 0 and proc.stdout.startswith("usage: scripts/gate-change.sh")


@pytest.mark.parametrize("gate_rc, base, head, rc, listed", [
    (0, [100, 50, 70], [100, 50, 70], 0, "every count the same"),
    (0, [100, 50, 70], [100, 40, 70], 0, "less work"),           # fewer instructions: reported only
    (0, [100, 50, 70], [100, 51, 70], 1, "MORE WORK"),           # more work per call: a regression
    (3, [100, 50, 70], [100, 50, 70], 3, "every count the same"),  # the gate's NOT ASSESSED
    (1, [100, 50, 70], [100, 40, 70], 1, "less work"),           # the gate's regression
    (0, [100, 50, 70], [100, None, 70], 3, "NOT ASSESSED"),       # a count missing on one side
    (3, [100, 50, 70], [100, 51, None], 1, "MORE WORK"),         # a regression outranks not assessed
])
def test_the_flow_with_stand_ins(tmp_path, gate_rc, base, head, rc, listed):
    out = tmp_path / "out"
    proc = gate_change("--base-binary", fake_binary(tmp_path, "base", base),
                       "--head-binary", fake_binary(tmp_path, "head", head), "--out", out,
                       "--max-mde", "0.2", "--", "--suite", "s", gate=fake_gate(tmp_path, gate_rc))
    assert proc.returncode == rc, proc.stderr
    assert "gate table: --base-binary" in proc.stdout and "--max-mde 0.2" in proc.stdout
    assert "-- --suite s" in proc.stdout and listed in proc.stdout
    assert f"gate-change: exit {rc} (gate {gate_rc}" in proc.stdout
    assert sorted(p.name for p in out.iterdir() if p.name.endswith(".txt")) == ["counts.txt", "gate.txt"]
    assert not [p for p in out.iterdir() if ".tmp" in p.name]


def test_hostile_row_names_are_escaped(tmp_path):
    global ROWS
    saved, ROWS = ROWS, [("s/A=\x1b[31m", "clamp")]
    try:
        base, head = fake_binary(tmp_path, "base", [1]), fake_binary(tmp_path, "head", [2])
    finally:
        ROWS = saved
    proc = gate_change("--base-binary", base, "--head-binary", head, "--out", tmp_path / "out",
                       gate=fake_gate(tmp_path, 0))
    assert proc.returncode == 1 and "\x1b" not in proc.stdout and "s/A=\\x1b[31m" in proc.stdout


def test_an_unreadable_count_file_is_not_assessed(tmp_path):
    broken = executable(tmp_path / "broken", "#!/bin/sh\nwhile [ $# -gt 1 ]; do [ \"$1\" = --out ] && "
                                             "echo '{\"cases\": 1}' > \"$2\"; shift; done\n")
    proc = gate_change("--base-binary", broken, "--head-binary", broken, "--out", tmp_path / "out",
                       gate=fake_gate(tmp_path, 0))
    assert proc.returncode == 3 and "Traceback" not in proc.stderr and "cannot read the counts" in proc.stderr
