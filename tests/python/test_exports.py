# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Google Benchmark JSON and Bencher Metric Format exports."""
import json
import os
import statistics

import pytest

from clampbench_testing import fixture, load_json, run_script

BASE = fixture("base.json")


def variants(doc):
    return [(c["case_id"], v) for c in doc["cases"] for v in c["variants"]]


def native_name(case_id, v):
    """clampbench's own --benchmark_out name of a variant's timing (test_cli_filters.cpp pins it)."""
    suffix = {"wall": "/real_time", "device": "/manual_time", "cpu": ""}[v["timing"]["primary"]]
    return f"{case_id}/{v['name']}/repeats:{v['timing']['repetitions']}{suffix}"


def check_gbench(out, doc):
    assert set(out) == {"context", "benchmarks"}
    assert out["context"]["host_name"] == doc["environment"]["host_name"]
    bench = out["benchmarks"]
    # What Google Benchmark's compare.py needs to pair and compare an entry.
    assert all({"name", "run_type", "time_unit", "real_time", "cpu_time"} <= set(b) for b in bench)
    for case_id, v in variants(doc):
        name = native_name(case_id, v)
        real = "wall" if v["timing"]["primary"] == "cpu" else v["timing"]["primary"]  # cpu: its wall time
        samples = v["timing"][real]["samples"]
        its = [b for b in bench if b["name"] == name]
        assert [b["run_type"] for b in its] == ["iteration"] * len(samples)
        assert [b["real_time"] for b in its] == samples
        assert [b["repetition_index"] for b in its] == list(range(len(samples)))
        assert all(b["time_unit"] == "ns" and b["run_name"] == name and
                   b["repetitions"] == len(samples) and b["threads"] == 1 for b in its)
        assert its[0]["allocations"] == v["allocations"]["ledger"]["total"]["allocations"]
        aggs = {b["aggregate_name"]: b for b in bench if b["run_name"] == name and b["run_type"] == "aggregate"}
        assert set(aggs) == {"mean", "median", "stddev", "cv"}
        assert aggs["median"]["name"] == name + "_median"
        assert aggs["median"]["real_time"] == statistics.median(samples)
        assert aggs["cv"]["aggregate_unit"] == "percentage" and aggs["mean"]["aggregate_unit"] == "time"
        cpu = v["timing"]["cpu"]["samples"]
        assert aggs["mean"]["cpu_time"] == statistics.fmean(cpu)
        # The allocation families: real_time (and cpu_time) is the exact per-call figure.
        total = v["allocations"]["ledger"]["total"]
        for suffix, figure in (("allocs", "allocations"), ("allocated_bytes", "bytes_requested"),
                               ("peak_bytes", "peak_bytes")):
            entry = [b for b in bench if b["name"] == f"{case_id}/{v['name']}/{suffix}"]
            assert len(entry) == 1 and entry[0]["run_type"] == "iteration"
            assert entry[0]["real_time"] == entry[0]["cpu_time"] == total[figure]
    # per family, iterations come before aggregates, as gbench writes them; one name per family
    families = {}
    for b in bench:
        families.setdefault(b["family_index"], []).append(b)
    assert len(families) == 4 * len(variants(doc))
    for entries in families.values():
        kinds = [b["run_type"] for b in entries]
        assert kinds == sorted(kinds, key=lambda k: k == "aggregate")
        assert len({b["run_name"] for b in entries}) == 1


@pytest.mark.parametrize("fmt", ["gbench", "bmf"])
def test_compare_sends_an_export_to_clampbench_export(tmp_path, fmt):
    head = fixture("head_time_regression.json")
    out = tmp_path / "out.json"
    proc = run_script("compare.py", BASE, head, "--format", fmt, "-o", out)
    assert proc.returncode == 2 and proc.stdout == "" and not out.exists()
    assert proc.stderr == f"compare.py: --format {fmt} exports one run: use export.py {head} --format {fmt}\n"


def test_a_cpu_time_family_is_named_and_filled_as_google_benchmarks_default(tmp_path):
    doc = load_json(BASE)
    for _, v in variants(doc):
        v["timing"]["primary"] = "cpu"  # what a host run writes now
    path = tmp_path / "cpu.json"
    path.write_text(json.dumps(doc))
    proc = run_script("export.py", path, "--format", "gbench")
    check_gbench(json.loads(proc.stdout), doc)


def test_export_gbench_single_file(tmp_path):
    out = tmp_path / "g.json"
    assert run_script("export.py", BASE, "--format", "gbench", "-o", out).returncode == 0
    check_gbench(json.loads(out.read_text()), load_json(BASE))


def test_export_bmf():
    proc = run_script("export.py", BASE, "--format", "bmf")
    assert proc.returncode == 0
    out = json.loads(proc.stdout)
    doc = load_json(BASE)
    assert set(out) == {f"{c}/{v['name']}" for c, v in variants(doc)}
    for case_id, v in variants(doc):
        m = out[f"{case_id}/{v['name']}"]
        wall = v["timing"]["wall"]
        assert m["latency"] == {"value": wall["median"], "lower_value": wall["p10"], "upper_value": wall["p90"]}
        total = v["allocations"]["ledger"]["total"]
        assert m["allocations"] == {"value": total["allocations"]}
        assert m["allocated-bytes"] == {"value": total["bytes_requested"]}
        assert m["peak-bytes"] == {"value": total["peak_bytes"]}
        assert set(m) == {"latency", "allocations", "allocated-bytes", "peak-bytes"}


def test_variant_without_timing(tmp_path):
    doc = load_json(BASE)
    doc["cases"][0]["variants"][0]["timing"] = None
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    name = doc["cases"][0]["case_id"] + "/" + doc["cases"][0]["variants"][0]["name"]
    g = json.loads(run_script("export.py", path, "--format", "gbench").stdout)
    names = {b["name"] for b in g["benchmarks"]}
    assert not any(n.startswith(name + "/repeats:") for n in names)  # no time family
    assert name + "/allocs" in names  # the allocations are exported all the same
    b = json.loads(run_script("export.py", path, "--format", "bmf").stdout)
    assert "latency" not in b[name] and "allocations" in b[name]


def test_export_bad_input():
    proc = run_script("export.py", fixture("foreign.json"), "--format", "bmf")
    assert proc.returncode == 2 and fixture("foreign.json") in proc.stderr


def test_written_files_get_the_umask_mode_not_mkstemps(tmp_path):
    from clampbench_scripts.common import output
    old = os.umask(0o022)
    try:
        output.write_text("x\n", str(tmp_path / "site.html"))
    finally:
        os.umask(old)
    assert (tmp_path / "site.html").read_text() == "x\n"
    assert os.stat(tmp_path / "site.html").st_mode & 0o777 == 0o644
    assert os.listdir(tmp_path) == ["site.html"]
