# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""bench_torch's summary and table on synthetic rows (the timing itself needs torch and the
vLLM wheels: bench_torch.py)."""
import pytest

torch_bench = pytest.importorskip("clampbench_scripts.bench.torch_bench", reason="needs torch")
from clampbench_scripts.bench import bench_torch_cli as torch_bench_cli  # noqa: E402


def row(suite, variant, speedup, triton=False, rounds=None):
    return {"suite": suite, "case_id": f"{suite}/x", "variant": variant, "torch_ns": speedup * 100.0,
            "clampbench_ns": 100.0, "speedup": speedup, "triton_interpreter": triton,
            "round_speedups": rounds if rounds is not None else [speedup]}


def test_summary_is_worst_and_geometric_mean_per_suite_and_variant():
    rows = [row("a", "clamp", 2.0), row("a", "clamp", 8.0), row("a", "clamp_", 0.5), row("b", "clamp", 3.0, True)]
    s = torch_bench.summarize(rows)
    assert s["a"]["clamp"]["min"] == 2.0 and s["a"]["clamp"]["geomean"] == pytest.approx(4.0)
    assert s["a"]["clamp_"] == {"cases": 1, "min": 0.5, "geomean": 0.5, "round_min": 0.5, "round_max": 0.5,
                                "triton_interpreter": False}
    assert s["b"]["clamp"]["triton_interpreter"]


def test_the_spread_is_that_of_single_rounds():
    s = torch_bench.summarize([row("a", "clamp", 2.0, rounds=[1.4, 2.0, 2.1]), row("a", "clamp", 3.0, rounds=[3.0, 3.3])])
    assert (s["a"]["clamp"]["round_min"], s["a"]["clamp"]["round_max"]) == (1.4, 3.3)


def test_table_states_the_load_and_marks_interpreted_sites():
    doc = {"torch_version": "1.13", "torch_threads": 1, "sizes": "quick", "rounds": 3, "cpus": 2,
           "load_1m": {"min": 1.0, "max": 2.0, "median": 1.5}, "c_library_policy_pinned": True,
           "suites": torch_bench.summarize([row("a", "clamp", 2.0), row("a", "clamp_", 0.5),
                                            row("b", "clamp", 3.0, True)])}
    text = torch_bench_cli.markdown(doc)
    assert "1-minute load 1.0-2.0 (median 1.5) on 2 CPUs; the C library's allocation thresholds pinned" in text
    assert "| a | 1 | 2.00x / 2.00x; 2.00-2.00x | 0.50x / 0.50x; 0.50-0.50x |" in text
    assert ("| b (torch side: vLLM's Triton kernel in Triton's CPU interpreter, not eager) | 1 | "
            "3.00x / 3.00x; 3.00-3.00x | n/a |") in text


def test_the_torch_process_pins_what_the_host_allocator_pins():
    assert torch_bench.pin_c_library_policy() is True  # glibc, as on every machine clampbench runs on
