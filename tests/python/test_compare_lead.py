# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What compare.py leads with: the verdict, then each finding (suite, variant, what is written
where, the vLLM line the results give) and regressed row with a repro command, on the first
screen; a category neither run measured is one line, never a column of NOT_ASSESSED or
AMBIGUOUS cells; the unchanged rows inside <details>; the text format alike."""
import copy
import json

from clampbench_testing import fixture, load_json, run_script

WHERE = "written at vllm/v1/attention/backends/mla/sparse.py:212"


def _pair(tmp_path, upstream=False):
    """The fixture base, untimed, and a head whose first clamp_ row newly writes the runner's
    block_table in place (a latent write with its vLLM line, and the mutation it makes)."""
    base = load_json(fixture("base.json"))
    for case in base["cases"]:
        for v in case["variants"]:
            v["timing"] = None
    head = copy.deepcopy(base)
    case = next(c for c in head["cases"] if any(v["name"] == "clamp_" for v in c["variants"]))
    v = next(v for v in case["variants"] if v["name"] == "clamp_")
    v["latent_writes"] = {"as_expected": False, "vanished": [], "findings": [
        {"buffer": "block_table", "op": "clamp_", "view": "[8, 16] strides [16, 1] offset 0", "calls": 1,
         "elements_written": 128, "elements_changed": 12, "expected": False, "reason": WHERE}]}
    v["checks"]["mutations"].append({"buffer": "block_table", "role": "persistent", "changed": 12, "first": []})
    v["verdict"], v["expected"] = "mutation", False
    for doc in (base, head):  # the latent write block in both, so its kind is compared
        for c in doc["cases"]:
            for w in c["variants"]:
                w.setdefault("latent_writes", {"as_expected": True, "vanished": [], "findings": []})
    if upstream:
        for doc, side, tree, other in ((base, "base", "0.25.0", "0.27.0"), (head, "head", "0.27.0", "0.25.0")):
            doc["environment"]["vllm"] = {"side": side, "tree": f"vllm {tree} (PyPI wheel)", "version": tree,
                                          "compared_with": f"vllm {other} (PyPI wheel)", "adaptations": []}
        head["environment"]["command_line"] = ["scripts/upstream.py", "compare", "--base", "0.25.0", "--head",
                                               "0.27.0", "--no-timing"]
    paths = []
    for name, doc in (("base.json", base), ("head.json", head)):
        paths.append(tmp_path / name)
        paths[-1].write_text(json.dumps(doc))
    return paths, case["case_id"]


def test_the_first_screen_names_the_finding_its_vllm_line_and_a_repro(tmp_path):
    (base, head), case_id = _pair(tmp_path)
    proc = run_script("compare.py", base, head, "--format", "md")
    assert proc.returncode == 1, proc.stderr
    first = proc.stdout.splitlines()[:30]
    assert first[0] == "## clampbench compare: REGRESSION in verdicts"
    text = "\n".join(first)
    assert "writes into the runner's `block_table` in place with `clamp_`" in text and WHERE in text
    assert "changes the runner's `block_table`" in text
    # Both findings are one row's: one repro line for both.
    assert f"repro (every line above): `build/clampbench run --suite {case_id.split('/')[0]} --case {case_id} " \
           "--variant clamp_ --backend host --sizes quick`" in text
    # Neither run timed nor counted instructions: one line, no table, no such column.
    assert "time, instructions" in text and "not measured by either run" in text
    assert "Time per suite" not in proc.stdout and "NOT_ASSESSED" not in proc.stdout
    assert "AMBIGUOUS" not in proc.stdout and "instructions/call" not in proc.stdout
    assert "<summary>Unchanged: " in proc.stdout


def test_a_side_of_upstream_compare_repeats_its_own_command(tmp_path):
    (base, head), _ = _pair(tmp_path, upstream=True)
    md = run_script("compare.py", base, head, "--format", "md").stdout
    assert "repro (every line above): `scripts/upstream.py compare --base 0.25.0 --head 0.27.0 --sizes quick " \
           "--no-timing`" in md


def test_the_text_format_leads_the_same_way(tmp_path):
    (base, head), case_id = _pair(tmp_path)
    lines = run_script("compare.py", base, head, "--format", "text").stdout.splitlines()
    assert lines[0] == "RESULT: REGRESSION in verdicts"
    assert lines[1].startswith("finding: ") and WHERE in "\n".join(lines[:6])
    assert any(line.startswith("repro (every line above): build/clampbench run --suite") for line in lines[:6])
    table = [line for line in lines if "->" in line and "SAME" in line or "WORSE" in line]
    assert table and table[0].startswith("! ") and "instructions/call" not in "\n".join(lines)
