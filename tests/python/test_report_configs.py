# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""report.py over a history of several configurations (device, backend, allocator): one
dashboard per configuration made from its runs alone, an index over them with each one's
latest status, and directory names that are safe whatever a device is called."""
import glob
import json
import os
import re

import make_fixtures
import pytest
from clampbench_testing import fixture, history_copy, load_json, run_script

from clampbench_scripts.history import configs

GPU = {"device_name": "NVIDIA H100 80GB HBM3", "backend": "cuda", "allocator": "caching"}
HOST = {"device_name": "host", "backend": "host", "allocator": "caching"}
CLAMP_COLOUR = "#1f77b4"  # plots.VARIANT_COLOURS["clamp"]: one point per run and case


def _gpu_copies(hist, picks=(5, 6, 7)):
    """Adds to the fixture history HIST copies of its runs PICKS (the target one allocation
    up: after the history's step) as GPU runs, each half a day after host run 0, 1, 2: the two
    configurations interleave, so a dashboard mixing them would see steps at every run."""
    paths = sorted(p for p in glob.glob(os.path.join(hist, "*.json")) if "broken" not in p)
    commits = []
    for k, pick in enumerate(picks):
        doc = load_json(paths[pick])
        doc["environment"].update(GPU)
        host_time = load_json(paths[k])["environment"]["time"]
        doc["environment"]["time"] = host_time.replace("T02:", "T14:")
        doc["environment"]["git_commit"] = f"9{k:06d}" + "c" * 33
        commits.append(f"9{k:06d}")
        with open(os.path.join(hist, f"gpu-{k}.json"), "w") as f:
            json.dump(doc, f)
    return commits


@pytest.fixture(scope="module")
def mixed_site(tmp_path_factory):
    root = tmp_path_factory.mktemp("mixed")
    hist = history_copy(root)
    gpu_commits = _gpu_copies(hist)
    site = root / "site"
    proc = run_script("report.py", hist, "-o", site, "--baseline", fixture("base.json"))
    assert proc.returncode == 0, proc.stderr
    host_commits = [f"{i:07x}" for i in range(make_fixtures.HISTORY_RUNS)]
    return {"site": site, "hist": hist, "proc": proc, "root": root,
            "pages": {"gpu": (site / configs.slug(GPU), gpu_commits),
                      "host": (site / configs.slug(HOST), host_commits)}}


def _read(path):
    return open(path, encoding="utf-8").read()


def _index_line(html, slug):
    return next(line for line in html.splitlines() if f"href='{slug}/index.html'" in line)


def test_two_devices_give_two_pages_and_an_index_with_both(mixed_site):
    site = mixed_site["site"]
    assert sorted(os.listdir(site)) == sorted(["index.html", configs.slug(GPU), configs.slug(HOST)])
    index = _read(site / "index.html")
    assert "clampbench dashboards" in index and "2 configurations" in index
    host, gpu = _index_line(index, configs.slug(HOST)), _index_line(index, configs.slug(GPU))
    # the host's latest run gained nothing since the run before; against the baseline its
    # target has one allocation more: a regression, said on its line
    assert "<td>8</td>" in host and "2026-11-17T02:00:00Z" in host and "0000007" in host
    assert "regressed" in host and "worse: 1 allocations/bytes" in host and "as_expected" in host
    # the GPU's runs are its own: 3, the latest on 11-12, nothing worse than its previous run,
    # and the host baseline is not its configuration
    assert "<td>3</td>" in gpu and "2026-11-12T14:00:00Z" in gpu and "9000002" in gpu
    assert "nothing worse" in gpu and "baseline of another configuration" in gpu
    assert ">4</td><td>9</td>" in gpu  # cases, rows
    assert "11 run(s) in 2 configurations" in mixed_site["proc"].stderr
    assert "another configuration" not in mixed_site["proc"].stderr  # the baseline is the host's


def test_a_baseline_of_no_configuration_is_named_once(mixed_site, tmp_path):
    proc = run_script("report.py", mixed_site["hist"], "-o", tmp_path / "site", "--baseline",
                      fixture("head_other_device.json"))
    assert proc.returncode == 0, proc.stderr
    warned = [line for line in proc.stderr.splitlines() if line.startswith("report.py: baseline")]
    assert len(warned) == 1 and "another configuration" in warned[0]
    index = _read(tmp_path / "site" / "index.html")
    assert index.count("baseline of another configuration") == 2


@pytest.mark.parametrize("which", ["host", "gpu"])
def test_a_device_page_holds_only_its_runs(mixed_site, which):
    page_dir, commits = mixed_site["pages"][which]
    html = _read(page_dir / "index.html")
    assert f"{len(commits)} run(s) in the history" in html and "../index.html" in html
    figure = _read(page_dir / "figures" / "mamba_prefix_caching-allocations.svg")
    panels = figure.count("fill='none' stroke='#999'")
    assert panels and len(re.findall(f"<circle [^>]*fill='{CLAMP_COLOUR}'", figure)) == panels * len(commits)
    labels = set(re.findall(r"text-anchor='middle'>\d\d-\d\d (\w+)<", figure))
    assert labels <= set(commits) and len(labels) == min(6, len(commits))  # at most six runs labelled
    changes = html.split("Changes detected over the history")[1].split("<h2")[0]
    if which == "gpu":  # its three runs all carry the extra allocation: no step
        assert "No step detected" in changes
    else:  # the fixture's one step, at its run, and nothing from the interleaved GPU runs
        rows = changes.split("<tr>")[2:]
        assert rows and all(f"{make_fixtures.HISTORY_STEP_RUN:07x}" in r for r in rows)


def test_the_run_cache_gives_the_same_pages(mixed_site, tmp_path):
    """The latest two runs of each configuration are read in full from the cached history
    too (the GPU's previous run carries its instruction counts and verdicts)."""
    site = tmp_path / "nocache"
    proc = run_script("report.py", mixed_site["hist"], "-o", site, "--baseline", fixture("base.json"),
                      "--no-cache")
    assert proc.returncode == 0, proc.stderr
    for name in ("index.html", f"{configs.slug(GPU)}/index.html", f"{configs.slug(HOST)}/index.html"):
        assert _read(site / name) == _read(mixed_site["site"] / name), name


HOSTILE = ["<script>alert(1)</script>", "../../escaped", "/abs/path", "a b", "a/b", "a_b", "A_B",
           "x" * 3000, "Üñíçødé ГПУ 🚀", ".", "", "CON"]


def test_hostile_device_names_are_safe(tmp_path):
    hist = tmp_path / "history"
    hist.mkdir()
    base = load_json(fixture("base.json"))
    for k, name in enumerate(HOSTILE):
        base["environment"]["device_name"] = name
        base["environment"]["time"] = f"2026-11-{10 + k:02d}T02:00:00Z"
        (hist / f"run{k}.json").write_text(json.dumps(base))
    site = tmp_path / "site"
    proc = run_script("report.py", hist, "-o", site)
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path)) == ["history", "site"]  # nothing written beside the site
    entries = sorted(os.listdir(site))
    assert len(entries) == len(HOSTILE) + 1 and "index.html" in entries  # no two names share one
    assert len({e.lower() for e in entries}) == len(entries)  # nor on a case-insensitive disk
    for entry in entries:
        assert re.fullmatch(r"[A-Za-z0-9_-]{1,80}|index\.html", entry), entry
        if entry != "index.html":
            assert os.path.isfile(site / entry / "index.html") and os.path.isdir(site / entry / "figures")
    index = _read(site / "index.html")
    assert "<script>" not in index and "&lt;script&gt;alert(1)&lt;/script&gt;" in index
    assert "Üñíçødé ГПУ 🚀" in index and "x" * 3000 in index
    page = _read(site / configs.slug({**HOST, "device_name": HOSTILE[0]}) / "index.html")
    assert "<script>" not in page and "&lt;script&gt;" in page


@pytest.mark.parametrize("kind", ["file", "fifo"])
def test_a_configuration_directory_that_is_not_one_is_refused_before_writing(mixed_site, tmp_path, kind):
    site = tmp_path / "site"
    site.mkdir()
    target = site / configs.slug(GPU)
    target.touch() if kind == "file" else os.mkfifo(target)
    proc = run_script("report.py", mixed_site["hist"], "-o", site, timeout=60)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr  # the history's broken file is named first
    assert proc.stderr.splitlines()[-1].endswith(f"{target.name}: exists and is not a directory; give a directory")
    assert os.listdir(site) == [target.name]  # nothing written: not the index, not the other page


def test_slugs_are_stable_and_distinct():
    assert configs.slug(GPU) == configs.slug(dict(GPU))
    assert configs.slug(GPU).startswith("NVIDIA_H100_80GB_HBM3-cuda-caching-")
    names = {configs.slug({**GPU, "device_name": n}) for n in HOSTILE + [None]}
    assert len(names) == len(HOSTILE) + 1
    assert configs.slug({**GPU, "backend": "host"}) != configs.slug(GPU)


def test_one_device_keeps_the_single_dashboard(tmp_path):
    hist = history_copy(tmp_path)
    proc = run_script("report.py", hist, "-o", tmp_path / "site")
    assert proc.returncode == 0, proc.stderr
    assert sorted(os.listdir(tmp_path / "site")) == ["figures", "index.html"]
    html = _read(tmp_path / "site" / "index.html")
    assert "8 run(s) in the history" in html and "clampbench dashboards" not in html
    assert "configurations" not in proc.stderr


def test_the_index_says_which_configuration_regressed(tmp_path, base_doc, target):
    """Nine runs a configuration: on the GPU the latest run's target is twice as slow with 10%
    more instructions (the calls the page colours), on the host nothing changed."""
    from test_dashboard_calls import LOAD_QUIET, _history

    hist = tmp_path / "history"
    hist.mkdir()
    for name, config, time_factor, instr_factor in (("host", HOST, 1.0, 1.0), ("gpu", GPU, 2.0, 1.10)):
        for k, doc in enumerate(_history(base_doc, LOAD_QUIET, time_factor, instr_factor, target)):
            doc["environment"].update(config)
            (hist / f"{name}{k}.json").write_text(json.dumps(doc))
    proc = run_script("report.py", hist, "-o", tmp_path / "site")
    assert proc.returncode == 0, proc.stderr
    index = _read(tmp_path / "site" / "index.html")
    gpu, host = _index_line(index, configs.slug(GPU)), _index_line(index, configs.slug(HOST))
    assert ">regressed<" in gpu and "worse: 1 instructions, 1 time" in gpu and "<td>9</td>" in gpu
    assert ">no regression<" in host and "nothing worse" in host and "<td>9</td>" in host


def test_the_badge_puts_a_suspect_run_first():
    from clampbench_scripts.dashboard.index_page import badge

    clean = {"rows": 9, "allocations": 0, "instructions": 0, "time": 0, "time_not_assessed": 0}
    status = {"internal_errors": 0, "unexpected": 0, "regressed": False, "vs_prev": clean, "vs_base": None}
    assert badge(status) == ("ok", "no regression")
    assert badge({**status, "vs_prev": None}) == ("warn", "not compared: first run")
    assert badge({**status, "vs_prev": {**clean, "time_not_assessed": 2}})[0] == "warn"
    assert badge({**status, "regressed": True}) == ("bad", "regressed")
    assert badge({**status, "regressed": True, "unexpected": 2}) == ("bad", "2 unexpected")
    assert badge({**status, "unexpected": 2, "internal_errors": 1}) == ("bad", "internal error: run suspect")
