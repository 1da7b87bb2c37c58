# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The scripts' output files: a symlink is written through and kept, a FIFO, device or
directory is refused with exit 2 and one line before any work, a 255-byte name works, nothing
is left half-written, the dashboard's figures are checked by content and named safely, and
main.sh reports the file its run wrote."""
import json
import os
import shutil
import stat
import subprocess
import sys

import pytest
from clampbench_testing import ROOT, fixture, one_line_error, run_script

BASE, HEAD = fixture("base.json"), fixture("head_same.json")


def _writers(target, tmp_path):
    """(script, args) of every script option that writes a file, aimed at TARGET."""
    return [
        ("compare.py", [BASE, HEAD, "-o", target]),
        ("export.py", [BASE, "--format", "bmf", "-o", target]),
        ("gate_check.py", ["--binary", "/bin/true", "--out", target]),
        ("upstream.py", ["--vllm-src", tmp_path / "no-vllm", "--out", target]),
        ("bench_torch.py", ["--binary", "/bin/true", "--out", target]),
        ("pytorch_alloc.py", ["--results", BASE, "--out", target]),
    ]


def _special(kind, tmp_path):
    """A FIFO, a directory or a character device (a copy of /dev/null's numbers, made in the
    test's directory: needs root) to write to."""
    path = tmp_path / f"target-{kind}"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "dir":
        path.mkdir()
    else:
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(path, stat.S_IFCHR | 0o600, os.makedev(1, 3))
    return path


def _no_temp_left(*dirs):
    for d in dirs:
        assert not [n for n in os.listdir(d) if n.startswith(".tmp.")], os.listdir(d)


@pytest.mark.parametrize("kind", ["fifo", "dir", "device"])
@pytest.mark.parametrize("index", range(6))
def test_special_output_is_refused_before_any_work(kind, index, tmp_path):
    target = _special(kind, tmp_path)
    before = os.lstat(target)
    script, args = _writers(target, tmp_path)[index]
    proc = run_script(script, *args, timeout=120)
    assert proc.returncode == 2, (script, proc.stderr)
    line = one_line_error(proc)
    assert str(target) in line and ("not a regular file" in line or "is a directory" in line), line
    after = os.lstat(target)
    assert stat.S_IFMT(after.st_mode) == stat.S_IFMT(before.st_mode)
    _no_temp_left(tmp_path)


@pytest.mark.parametrize("script,args", [
    ("compare.py", [BASE, HEAD, "--format", "json"]),
    ("export.py", [BASE, "--format", "gbench"]),
])
def test_symlink_output_is_written_through_and_kept(script, args, tmp_path):
    real_dir = tmp_path / "real"
    real_dir.mkdir()
    real = real_dir / "out.json"
    real.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    proc = run_script(script, *args, "-o", link)
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and os.readlink(link) == str(real)
    json.loads(real.read_text())  # the new output, whole
    _no_temp_left(tmp_path, real_dir)


def test_dangling_symlink_output_creates_its_target(tmp_path):
    real = tmp_path / "made.json"
    link = tmp_path / "link.json"
    link.symlink_to(real)
    proc = run_script("export.py", BASE, "--format", "bmf", "-o", link)
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and json.loads(real.read_text())


def test_output_in_a_missing_directory_is_refused(tmp_path):
    proc = run_script("compare.py", BASE, HEAD, "-o", tmp_path / "nope" / "out.md")
    assert proc.returncode == 2 and "does not exist" in one_line_error(proc)


def test_a_255_byte_output_name_works(tmp_path):
    name = "n" * 250 + ".json"
    assert len(name) == 255
    proc = run_script("export.py", BASE, "--format", "gbench", "-o", tmp_path / name)
    assert proc.returncode == 0, proc.stderr
    json.loads((tmp_path / name).read_text())
    _no_temp_left(tmp_path)


def test_history_dir_that_is_a_file_is_refused(tmp_path):
    not_dir = tmp_path / "history"
    not_dir.write_text("a file\n")
    proc = run_script("history.py", "add", BASE, "--dir", not_dir)
    assert proc.returncode == 2 and "not a directory" in one_line_error(proc)
    assert not_dir.read_text() == "a file\n"


def _history(tmp_path, docs=None):
    hist = tmp_path / "history"
    shutil.copytree(fixture("history"), hist)
    for name, doc in (docs or {}).items():
        (hist / name).write_text(json.dumps(doc))
    return hist


def test_report_onto_an_existing_file_is_refused(tmp_path):
    site = tmp_path / "site"
    site.write_text("not a directory\n")
    proc = run_script("report.py", _history(tmp_path), "-o", site)
    assert proc.returncode == 2 and "not a directory" in one_line_error(proc)
    assert site.read_text() == "not a directory\n"


def test_report_into_a_symlinked_directory(tmp_path):
    real = tmp_path / "real-site"
    real.mkdir()
    (tmp_path / "site").symlink_to(real)
    proc = run_script("report.py", _history(tmp_path), "-o", tmp_path / "site")
    assert proc.returncode == 0, proc.stderr
    assert (real / "index.html").is_file() and (tmp_path / "site").is_symlink()


def test_report_redraws_a_truncated_figure(tmp_path):
    hist, site = _history(tmp_path), tmp_path / "site"
    assert run_script("report.py", hist, "-o", site).returncode == 0
    figure = sorted((site / "figures").glob("*.svg"))[0]
    whole = figure.read_bytes()
    figure.write_bytes(whole[:len(whole) // 2])  # a crash or a full disk mid-write, once
    proc = run_script("report.py", hist, "-o", site)
    assert proc.returncode == 0, proc.stderr
    assert figure.read_bytes() == whole
    _no_temp_left(site / "figures")


def test_report_refuses_a_fifo_in_place_of_a_figure(tmp_path):
    hist, site = _history(tmp_path), tmp_path / "site"
    assert run_script("report.py", hist, "-o", site).returncode == 0
    figure = sorted((site / "figures").glob("*.svg"))[0]
    figure.unlink()
    os.mkfifo(figure)
    proc = run_script("report.py", hist, "-o", site, timeout=60)  # a hang fails, not blocks
    assert proc.returncode == 2 and "Traceback" not in proc.stderr  # after the fixture's "skipping" line:
    assert str(figure) in proc.stderr.splitlines()[-1] and "not a regular file" in proc.stderr
    assert stat.S_ISFIFO(os.lstat(figure).st_mode)


def _renamed_suites(names):
    doc = json.load(open(BASE))
    for case, suite in zip(doc["cases"], names):
        case["case_id"] = suite + "/" + case["case_id"].split("/", 1)[1]
        case["suite"] = suite
    return doc


def test_report_keeps_hostile_suite_names_inside_the_site(tmp_path):
    doc = _renamed_suites(["../../escaped", "a/b", ".hidden", "s" * 300])
    single = tmp_path / "run.json"
    single.write_text(json.dumps(doc))
    site = tmp_path / "deep" / "site"
    proc = run_script("report.py", "--single", single, "-o", site)
    assert proc.returncode == 0, proc.stderr
    outside = [p for p in tmp_path.rglob("*.svg") if p.parent != site / "figures"]
    assert not outside, outside
    names = [p.name for p in (site / "figures").iterdir()]
    assert len([n for n in names if n.endswith(".svg")]) >= 4
    assert not [n for n in names if n.startswith(".")]  # no hidden figure, no temp file left
    assert all(len(n.encode()) <= 255 and "/" not in n for n in names)
    html = (site / "index.html").read_text()
    for p in (site / "figures").glob("*.svg"):
        assert f"figures/{p.name}" in html


FAKE_BINARY = """#!/bin/sh
# a stand-in for build/clampbench: copies a fixture run to the run's --out
out=
while [ $# -gt 0 ]; do
  case "$1" in --out) out=$2; shift 2 ;; *) shift ;; esac
done
cp "$CLAMPBENCH_FAKE_RESULT" "$out"
"""


def test_main_sh_reports_the_file_its_run_wrote(tmp_path):
    """main.sh's last steps (scripts/detail/run_report.sh, which main.sh runs after the build)
    with a stand-in binary: a stale results/latest.json must not reach the history."""
    assert "scripts/detail/run_report.sh build/clampbench \"$@\"" in open(os.path.join(ROOT, "scripts", "main.sh")).read()
    (tmp_path / "results").mkdir()
    shutil.copy(fixture("head_other_device.json"), tmp_path / "results" / "latest.json")  # stale
    fake = tmp_path / "fake-clampbench"
    fake.write_text(FAKE_BINARY)
    fake.chmod(0o755)
    out = tmp_path / "mine.json"
    env = dict(os.environ, CLAMPBENCH_FAKE_RESULT=BASE, CLAMPBENCH_PYTHON=sys.executable)
    for form in (["--out", str(out)], [f"--out={out}"]):
        shutil.rmtree(tmp_path / "results" / "history", ignore_errors=True)
        proc = subprocess.run([os.path.join(ROOT, "scripts", "detail", "run_report.sh"), str(fake),
                               "--sizes", "quick", *form], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
        added = list((tmp_path / "results" / "history").glob("*.json"))
        assert len(added) == 1 and added[0].read_bytes() == out.read_bytes()
        assert proc.stderr.strip().splitlines()[-1] == \
            f"clampbench: results in {out}, dashboard in site/index.html"
        assert (tmp_path / "site" / "index.html").is_file()


def test_main_sh_history_and_baseline_are_this_machines_own(tmp_path):
    """A fresh clone has no committed history or baseline (the dashboard would show another
    machine's runs as changes): the first run becomes results/baseline.json, later runs keep
    it, and every run records allocation traces for the op-level savings."""
    ignored = open(os.path.join(ROOT, ".gitignore")).read().split()
    assert "/results/history/" in ignored and "/results/baseline.json" in ignored
    fake = tmp_path / "fake-clampbench"
    fake.write_text(FAKE_BINARY.replace("out=\n", 'out=\necho "$*" >> args.log\n'))
    fake.chmod(0o755)
    (tmp_path / "results").mkdir()
    env = dict(os.environ, CLAMPBENCH_PYTHON=sys.executable)
    for result in (BASE, fixture("head_other_device.json")):
        env["CLAMPBENCH_FAKE_RESULT"] = result
        proc = subprocess.run([os.path.join(ROOT, "scripts", "detail", "run_report.sh"), str(fake)],
                              cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr
    baseline = tmp_path / "results" / "baseline.json"
    assert baseline.read_bytes() == open(BASE, "rb").read()
    assert all("--trace" in line.split() for line in (tmp_path / "args.log").read_text().splitlines())
