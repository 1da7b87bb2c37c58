# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A suite or case name with characters XML 1.0 forbids even as references (C0 controls,
U+FFFE, U+FFFF; a lone surrogate is refused as not text) or that XML would read as markup
still gives well-formed SVG figures: each parses with xml.etree, and the name shows as
visible escapes."""
import json
import os
import xml.etree.ElementTree as ET

from clampbench_testing import fixture, load_json, run_script

NAME = "s\x01\x0b\x1b[2J\x7f\ufffe\uffff<&'\">"


def _hostile_run(path):
    doc = load_json(fixture("base.json"))
    for case in doc["cases"]:
        label = case["case_id"].split("/", 1)[1]
        case["suite"] = NAME + case["suite"]
        case["case_id"] = f"{case['suite']}/{NAME}{label}"
    path.write_text(json.dumps(doc))
    return path


def test_figures_of_a_hostile_suite_name_parse_as_xml(tmp_path):
    site = tmp_path / "site"
    proc = run_script("report.py", "--single", _hostile_run(tmp_path / "run.json"), "-o", site, timeout=120)
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    figures = [f for f in os.listdir(site / "figures") if f.endswith(".svg")]
    assert figures
    for name in figures:
        root = ET.parse(site / "figures" / name).getroot()  # raises ParseError when ill-formed
        texts = " ".join(t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text"))
        assert "\\x01" in texts and "\\x1b[2J" in texts and "\\ufffe" in texts, texts
        assert "<&'\">" in texts  # markup characters come back as the text they were
