# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""`clampbench run`'s outputs: symlinks written through, special files refused before any work,
long names, outputs that collide, and the dump made beside its target and renamed into place."""
import json
import os
import shutil
import stat
import subprocess

import pytest

from clampbench_testing import ROOT, one_line_error

QUICK = ["--suite", "ngram_find", "--no-timing", "--instructions", "off"]
EXPECTATIONS = os.path.join(ROOT, "results", "expectations.json")


def entries(path):
    """Every name in a directory, hidden ones included: temporary files must not stay."""
    return sorted(os.listdir(path))


def cases_of(path):
    with open(path) as f:
        return [c["case_id"] for c in json.load(f)["cases"]]


def refused_before_work(proc):
    """Exit 2 with one line, and no case ran (no progress line)."""
    assert proc.returncode == 2, proc.stderr
    return one_line_error(proc)


def test_symlink_out_is_written_through_and_stays_a_link(clampbench, tmp_path):
    target = tmp_path / "real.json"
    target.write_text("old\n")
    link = tmp_path / "link.json"
    link.symlink_to("real.json")
    proc = clampbench("run", *QUICK, "--out", link)
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and os.readlink(link) == "real.json"
    assert len(cases_of(target)) == 4
    assert entries(tmp_path) == ["link.json", "real.json"]


def test_dangling_symlink_out_creates_the_file_it_names(clampbench, tmp_path):
    link = tmp_path / "link.json"
    link.symlink_to(tmp_path / "sub" / "real.json")
    proc = clampbench("run", *QUICK, "--out", link)
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink()
    assert len(cases_of(tmp_path / "sub" / "real.json")) == 4


@pytest.mark.parametrize("flag", ["--out", "--trace-out", "--benchmark_out"])
def test_fifo_target_is_refused_before_any_work(clampbench, tmp_path, fifo, flag):
    args = [f"--benchmark_out={fifo}"] if flag == "--benchmark_out" else [flag, fifo]
    out = [] if flag == "--out" else ["--out", tmp_path / "r.json"]
    proc = clampbench("run", *QUICK, *out, *args, timeout=30)
    line = refused_before_work(proc)
    assert "FIFO" in line and flag in line
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert entries(tmp_path) == ["fifo"]


def test_fifo_as_dump_directory_is_refused(clampbench, tmp_path, fifo):
    proc = clampbench("run", *QUICK, "--out", tmp_path / "r.json", "--dump", fifo, timeout=30)
    assert "--dump" in refused_before_work(proc)
    assert entries(tmp_path) == ["fifo"]


def test_device_target_is_refused(clampbench, tmp_path):
    """A link to /dev/null (made here; the device itself is never written) and, as root, a
    character device node of our own."""
    link = tmp_path / "null.json"
    link.symlink_to("/dev/null")
    targets = [link]
    if os.geteuid() == 0:
        node = tmp_path / "node.json"
        try:
            os.mknod(node, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
            targets.append(node)
        except OSError:
            pass  # mknod not allowed here (a container without CAP_MKNOD): the link suffices
    for target in targets:
        proc = clampbench("run", *QUICK, "--out", target, timeout=30)
        assert "character device" in refused_before_work(proc)
        assert not stat.S_ISREG(os.stat(target).st_mode)


@pytest.mark.parametrize("flag", ["--out", "--trace-out", "--benchmark_out"])
def test_directory_target_is_refused(clampbench, tmp_path, flag):
    target = tmp_path / "adir"
    target.mkdir()
    args = [f"--benchmark_out={target}"] if flag == "--benchmark_out" else [flag, target]
    out = [] if flag == "--out" else ["--out", tmp_path / "r.json"]
    line = refused_before_work(clampbench("run", *QUICK, *out, *args))
    assert "directory" in line
    assert entries(tmp_path) == ["adir"] and entries(target) == []


def test_a_255_byte_name_works_as_out(clampbench, tmp_path):
    """The temporary name used to be '<name>.tmp.<pid>', over NAME_MAX for a long name."""
    name = "r" * 250 + ".json"
    assert len(name.encode()) == 255
    proc = clampbench("run", *QUICK, "--out", tmp_path / name)
    assert proc.returncode == 0, proc.stderr
    assert entries(tmp_path) == [name]
    assert len(cases_of(tmp_path / name)) == 4


def test_out_equal_to_expectations_is_refused(clampbench, tmp_path):
    expectations = tmp_path / "expectations.json"
    shutil.copy(EXPECTATIONS, expectations)
    before = expectations.read_bytes()
    alias = tmp_path / "alias.json"
    alias.symlink_to(expectations)
    for out in (expectations, alias, tmp_path / "." / "expectations.json"):
        line = refused_before_work(clampbench("run", *QUICK, "--expectations", expectations, "--out", out))
        assert "--expectations" in line
    assert expectations.read_bytes() == before


def test_trace_out_equal_to_out_is_refused_by_identity(clampbench, tmp_path):
    out = tmp_path / "r.json"
    out.write_text("{}\n")
    hard = tmp_path / "hard.json"
    os.link(out, hard)
    for trace in (out, hard, tmp_path / "sub" / ".." / "r.json"):
        (tmp_path / "sub").mkdir(exist_ok=True)
        line = refused_before_work(clampbench("run", *QUICK, "--out", out, "--trace-out", trace))
        assert "--trace-out" in line and "--out" in line
    assert out.read_text() == "{}\n"


def test_out_inside_dump_is_refused(clampbench, tmp_path):
    line = refused_before_work(clampbench("run", *QUICK, "--dump", tmp_path / "d", "--out", tmp_path / "d" / "r.json"))
    assert "inside --dump" in line
    assert entries(tmp_path) == []


def test_unwritable_trace_out_is_found_before_the_run(clampbench, tmp_path):
    """It used to fail after every case had run, and the results were lost with it."""
    (tmp_path / "plain").write_text("a file, not a directory\n")
    proc = clampbench("run", *QUICK, "--out", tmp_path / "r.json", "--trace-out", tmp_path / "plain" / "t.json")
    assert "--trace-out" in refused_before_work(proc)
    assert "ngram_find" not in proc.stderr  # no progress line: nothing ran
    assert entries(tmp_path) == ["plain"]


def test_benchmark_out_symlink_is_written_through(clampbench, tmp_path):
    link = tmp_path / "bench.json"
    link.symlink_to("real-bench.json")
    proc = clampbench("run", "--suite", "ngram_find", "--instructions", "off", "--benchmark_min_time=0.0001",
                      "--timing-timeout", "0.02", "--out", tmp_path / "r.json", f"--benchmark_out={link}")
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink()
    assert json.loads((tmp_path / "real-bench.json").read_text())["benchmarks"]


def test_explain_trace_out_fifo_is_refused(clampbench, fifo):
    proc = clampbench("explain", "ngram_find", "--trace-out", fifo, timeout=30)
    assert proc.returncode == 2 and "FIFO" in one_line_error(proc)


def manifest_files(dump):
    with open(dump / "manifest.json") as f:
        m = json.load(f)
    files = set()
    for c in m["cases"]:
        files.update(i["file"] for i in c["inputs"])
        for v in c["variants"]:
            files.update(o["file"] for o in v["outputs"])
            files.update(i["file"] for i in v["inputs_after"])
    return m, files


def files_under(root):
    return {os.path.relpath(os.path.join(d, f), root) for d, _, fs in os.walk(root) for f in fs}


def test_dump_is_renamed_into_place_with_seed_and_commit(clampbench, tmp_path):
    dump = tmp_path / "dump"
    proc = clampbench("run", *QUICK, "--seed", "7", "--out", tmp_path / "r.json", "--dump", dump)
    assert proc.returncode == 0, proc.stderr
    assert entries(tmp_path) == ["dump", "r.json"]  # no temporary directory beside it
    m, files = manifest_files(dump)
    assert files_under(dump) == files | {"manifest.json"}
    with open(tmp_path / "r.json") as f:
        env = json.load(f)["environment"]
    assert m["seed"] == 7
    assert m["git_commit"] == env["git_commit"]
    assert {c["case_id"] for c in m["cases"]} == set(cases_of(tmp_path / "r.json"))


def test_non_empty_dump_needs_force_and_force_replaces_only_a_dump(clampbench, tmp_path):
    dump = tmp_path / "dump"
    dump.mkdir()
    (dump / "keep.txt").write_text("mine\n")
    line = refused_before_work(clampbench("run", *QUICK, "--out", tmp_path / "r.json", "--dump", dump))
    assert "--force" in line
    line = refused_before_work(clampbench("run", *QUICK, "--out", tmp_path / "r.json", "--dump", dump, "--force"))
    assert "manifest.json" in line  # not a dump: --force does not delete it
    assert (dump / "keep.txt").read_text() == "mine\n"
    (dump / "manifest.json").write_text("{}\n")  # an earlier dump
    proc = clampbench("run", *QUICK, "--out", tmp_path / "r.json", "--dump", dump, "--force")
    assert proc.returncode == 0, proc.stderr
    assert not (dump / "keep.txt").exists()
    _, files = manifest_files(dump)
    assert files_under(dump) == files | {"manifest.json"}
    assert entries(tmp_path) == ["dump", "r.json"]


@pytest.mark.parametrize("force", [False, True])
def test_concurrent_runs_into_one_dump_never_mix(clampbench, tmp_path, force):
    """Two runs of different suites dump into one directory at once: it ends up holding one
    whole dump (every file its manifest lists, nothing else), never a mixture."""
    dump = tmp_path / "dump"
    extra = ["--force"] if force else []
    if force:
        dump.mkdir()
        (dump / "manifest.json").write_text("{}\n")
    runs = [subprocess.Popen([clampbench.path, "run", "--suite", suite, "--no-timing", "--instructions", "off",
                              "--out", tmp_path / f"{suite}.json", "--dump", dump, *extra],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for suite in ("ngram_find", "ngram_update")]
    codes = [r.wait(timeout=120) for r in runs]
    errors = [r.stderr.read() for r in runs]
    m, files = manifest_files(dump)
    assert files_under(dump) == files | {"manifest.json"}
    assert len({c["suite"] for c in m["cases"]}) == 1
    if force:
        assert codes == [0, 0], errors
    else:
        # The later run is refused up front (2) or, when both passed the check, its dump is
        # dropped at the rename (3); its results are written either way.
        assert sorted(codes)[0] == 0 and sorted(codes)[1] in (2, 3), errors
    assert sorted(n for n in entries(tmp_path) if n.startswith(".")) == []


def test_force_without_dump_is_refused(clampbench, tmp_path):
    assert "--force" in refused_before_work(clampbench("run", *QUICK, "--out", tmp_path / "r.json", "--force"))
    assert entries(tmp_path) == []
