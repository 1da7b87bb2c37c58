# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""report.py: the dashboard from a history with a bad file, from one run, and its rendering."""
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import make_fixtures
from clampbench_testing import fixture, history_copy, load_json, run_script

BROKEN = "20261113T020000Z-broken.json"


def check_figures(site):
    figures = os.path.join(site, "figures")
    names = sorted(os.listdir(figures))
    pngs = [n for n in names if n.endswith(".svg")]  # one format per figure: SVG
    assert pngs and not [n for n in names if n.endswith(".png")]
    for name in pngs:
        path = os.path.join(figures, name)
        assert os.path.getsize(path) > 0
        root = ET.parse(path).getroot()
        assert root.tag.endswith("svg") and root.findall(".//{http://www.w3.org/2000/svg}path"), name
    html = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    for name in pngs:
        assert f"figures/{name}" in html
    return pngs, html


@pytest.fixture(scope="module")
def history_site(tmp_path_factory):
    site = tmp_path_factory.mktemp("site")
    hist = history_copy(tmp_path_factory.mktemp("h"))
    proc = run_script("report.py", hist, "-o", site, "--baseline", fixture("base.json"))
    return site, proc, hist


def test_history_with_bad_file_still_builds(history_site):
    site, proc, hist = history_site
    assert proc.returncode == 0, proc.stderr
    bad = [line for line in proc.stderr.splitlines() if "skipping" in line]
    assert len(bad) == 1 and os.path.join(hist, BROKEN) in bad[0]
    pngs, html = check_figures(site)
    assert BROKEN in html
    suites = {c["suite"] for c in load_json(fixture("base.json"))["cases"]}
    assert {p.split("-")[0] for p in pngs} == suites
    assert len(pngs) == 5 * len(suites)  # allocations, bytes, saving, peak, time


def test_allocation_step_is_shown_at_its_run(history_site, target):
    site = history_site[0]
    html = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    table = html.split("Changes detected over the history")[1].split("<h2")[0]
    step_commit = f"{make_fixtures.HISTORY_STEP_RUN:07x}"
    rows = [r for r in table.split("<tr>")[2:]]
    assert rows and all(step_commit in r and target[1] in r for r in rows)
    assert any(">allocations<" in r for r in rows)
    # Each change with the command that shows its row again.
    repro = f"<code>build/clampbench run --suite {target[0].split('/')[0]} --case {target[0]}"
    assert all(repro in r and "--backend " in r and "--sizes " in r for r in rows), rows[0]


def test_deltas_against_previous_and_baseline(history_site, target):
    site = history_site[0]
    html = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    # the target gained one allocation against the baseline, none since the previous run
    suite_part = html.split(f"<h2 id='{target[0].split('/')[0]}'>")[1]
    row = next(r for r in suite_part.split("<tr")
               if f">{target[0].split('/', 1)[1]}<" in r and f">{target[1]}<" in r)
    assert '<td class="worse">+1</td>' in row and "<td>±0</td>" in row


def test_single_run_dashboard(tmp_path):
    proc = run_script("report.py", "--single", fixture("base.json"), "-o", tmp_path)
    assert proc.returncode == 0, proc.stderr
    pngs, html = check_figures(tmp_path)
    assert "1 run(s) in the history" in html
    assert len(pngs) == 5 * len({c["suite"] for c in load_json(fixture("base.json"))["cases"]})


def test_unchanged_figures_are_not_redrawn(tmp_path):
    """figures/cache.json keys each figure by its data: a rebuild of the same history keeps
    every figure file as it is, and one whose file went missing is drawn again."""
    hist = history_copy(tmp_path)
    assert run_script("report.py", hist, "-o", tmp_path).returncode == 0
    figures = tmp_path / "figures"
    stamps = {p.name: p.stat().st_mtime_ns for p in figures.glob("*.svg")}
    gone = sorted(stamps)[0]
    (figures / gone).unlink()
    assert run_script("report.py", hist, "-o", tmp_path).returncode == 0
    again = {p.name: p.stat().st_mtime_ns for p in figures.glob("*.svg")}
    assert set(again) == set(stamps)
    assert all(again[n] == stamps[n] for n in stamps if n != gone)
    check_figures(tmp_path)


def test_missing_baseline_is_named_and_skipped(tmp_path):
    proc = run_script("report.py", history_copy(tmp_path), "-o", tmp_path, "--baseline", tmp_path / "nope.json")
    assert proc.returncode == 0
    assert "nope.json" in proc.stderr and "no such file" in proc.stderr
    assert "no baseline" in open(tmp_path / "index.html").read()


def test_nothing_readable_exits_2(tmp_path):
    hist = tmp_path / "h"
    hist.mkdir()
    shutil.copy(fixture("foreign.json"), hist)
    proc = run_script("report.py", hist, "-o", tmp_path / "site")
    assert proc.returncode == 2 and "foreign.json" in proc.stderr
    assert run_script("report.py", tmp_path / "missing", "-o", tmp_path / "s").returncode == 2


def test_other_configurations_are_left_out_of_a_page(tmp_path):
    """Each configuration's page shows its runs and names the others' (test_report_configs.py
    covers the index over them)."""
    from clampbench_scripts.history import configs

    hist = tmp_path / "h"
    hist.mkdir()
    shutil.copy(fixture("head_other_device.json"), hist / "a.json")
    shutil.copy(fixture("base.json"), hist / "b.json")
    shutil.copy(fixture("head_same.json"), hist / "c.json")  # latest: host
    proc = run_script("report.py", hist, "-o", tmp_path / "site")
    assert proc.returncode == 0
    host = configs.slug({"device_name": "host", "backend": "host", "allocator": "caching"})
    html = open(tmp_path / "site" / host / "index.html").read()
    assert "2 run(s) in the history" in html and "1 run(s) on other" in html


def test_dashboard_renders_in_chromium(history_site, tmp_path):
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        pytest.skip("chromium is not installed (Debian package: chromium)")
    site = history_site[0]
    shot = tmp_path / "shot.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", f"--screenshot={shot}",
                    "--window-size=1280,2000", f"file://{os.path.join(site, 'index.html')}"],
                   capture_output=True, timeout=180)
    assert shot.exists() and shot.stat().st_size > 0
    import matplotlib.image
    img = matplotlib.image.imread(str(shot))
    assert img.shape[0] == 2000 and img.shape[1] == 1280
    pixels = img[..., :3].reshape(-1, 3)
    assert len(np.unique(pixels[::97], axis=0)) > 50  # text, tables and plots, not one colour
    # the figures loaded: the plots' blue and orange lines are on the page
    blue = np.all(np.abs(pixels - np.array([0x1f, 0x77, 0xb4]) / 255) < 0.03, axis=1)
    assert blue.sum() > 100


def test_suite_summary_shows_the_share_of_the_gap_to_fused():
    from clampbench_scripts.dashboard import site

    def row(case, variant, saved):
        return {"suite": "s", "case_id": case, "variant": variant, "verdict": "same", "expected": True,
                "saved_allocations": saved, "saved_bytes": 0 if saved is not None else None}
    rows = {(r["case_id"], r["variant"]): r for r in [
        row("s/a", "clamp", 0), row("s/a", "clamp_", 2), row("s/a", "fused", 9),
        row("s/b", "clamp", 0), row("s/b", "clamp_", 1), row("s/b", "fused", 4)]}
    html = site.suite_summary(rows, [])
    assert "share of the gap to fused" in html
    assert "clamp_: 22%..25%" in html  # 2/9 and 1/4
    no_floor = {k: v for k, v in rows.items() if k[1] != "fused"}
    assert site.suite_summary(no_floor, []).count("<td>-</td>") == 1
