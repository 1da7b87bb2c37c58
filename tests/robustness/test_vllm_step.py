# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""ci/steps/vllm.sh's state only ratchets, as the nightly baseline does: tonight's sites
become the last accepted night only when the comparison with it passed (or on an accept); a new
hazard, or a night that could not be assessed (a site gone), keeps the old one. The upstream
tools are stood in for by a fake interpreter that writes the night's results."""
import json
import os
import shutil
import subprocess

from clampbench_testing import ROOT

FIXTURES = os.path.join(ROOT, "tests", "fixtures")
FAKE = r'''#!/bin/sh
# The upstream tools' stand-in: `compare` writes $FAKE_HEAD as --out-head; `scan` (which must
# be --strict, on the metadata's writes) exits $FAKE_SCAN; the port check writes --out.
out=""; head=""; command=ports; strict=no; origin=""
while [ $# -gt 0 ]; do
  case "$1" in compare|scan) command=$1 ;; --out) out=$2 ;; --out-head) head=$2 ;; --strict) strict=yes ;;
    --origin) origin=$2 ;; esac
  shift
done
if [ "$command" = compare ]; then cp "$FAKE_HEAD" "$head"; exit "${FAKE_SITES:-0}"; fi
if [ "$command" = scan ]; then
  [ "$strict" = yes ] && [ "$origin" = cm ] || exit 99
  echo "scanned" > "$out"; exit "${FAKE_SCAN:-0}"
fi
echo "ports agree" > "$out"
'''


def _night(tmp_path, state, head, sites=0, accept=False, scan=0):
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE)
    fake.chmod(0o755)
    out = tmp_path / f"out-{len(list(tmp_path.glob('out-*')))}"
    env = {**os.environ, "CLAMPBENCH_UPSTREAM_PYTHON": str(fake), "FAKE_HEAD": str(head), "FAKE_SITES": str(sites),
           "CLAMPBENCH_ACCEPT": "true" if accept else "", "FAKE_SCAN": str(scan)}
    proc = subprocess.run(["bash", os.path.join(ROOT, "ci", "steps", "vllm.sh"), "0.34.0", str(state), str(out)],
                          capture_output=True, text=True, timeout=120, env=env)
    kept = (state / "head.json").read_bytes() if (state / "head.json").exists() else b""
    return proc.returncode, kept


def _without_a_suite(tmp_path):
    doc = json.load(open(os.path.join(FIXTURES, "base.json"), encoding="utf-8"))
    gone = doc["cases"][0]["suite"]
    doc["cases"] = [c for c in doc["cases"] if c["suite"] != gone]
    path = tmp_path / "head-without-a-suite.json"
    path.write_text(json.dumps(doc))
    return path


def test_vllm_state_only_ratchets(tmp_path):
    state = tmp_path / "state"
    base = os.path.join(FIXTURES, "base.json")
    rc, kept = _night(tmp_path, state, base)
    assert rc == 0 and kept == open(base, "rb").read()  # the first night, every site ran
    worse = os.path.join(FIXTURES, "head_verdict_regression.json")
    for _ in range(2):  # a new hazard: reported every night against the last accepted one
        rc, now = _night(tmp_path, state, worse)
        assert rc == 1 and now == kept
    rc, now = _night(tmp_path, state, _without_a_suite(tmp_path), sites=4)
    assert rc == 3 and now == kept  # a site gone: not assessed, the old night kept
    rc, now = _night(tmp_path, state, worse, accept=True)
    assert rc == 1 and now == open(worse, "rb").read()  # accepted
    rc, _ = _night(tmp_path, state, worse)
    assert rc == 0


def test_a_first_night_with_a_site_missing_is_not_kept(tmp_path):
    state = tmp_path / "state"
    rc, kept = _night(tmp_path, state, _without_a_suite(tmp_path), sites=4)
    assert rc == 4 and kept == b""
    shutil.rmtree(state)


def test_an_unanswered_hazard_fails_every_night_and_keeps_no_state_back(tmp_path):
    """scan --strict exit 1 (a hazard into the metadata's memory with neither a suite nor a
    stated reason): the night exits 1 whatever else passed, every night until answered; the
    state still ratchets on the comparison alone. A scan that cannot read a file (5) leaves a
    partial night (4); one that fails otherwise (3) a failed one (3)."""
    state = tmp_path / "state"
    base = os.path.join(FIXTURES, "base.json")
    for _ in range(2):
        rc, kept = _night(tmp_path, state, base, scan=1)
        assert rc == 1 and kept == open(base, "rb").read()
    assert _night(tmp_path, state, base, scan=5)[0] == 4
    assert _night(tmp_path, state, base, scan=3)[0] == 3
    assert _night(tmp_path, state, base, scan=0)[0] == 0
    worse = os.path.join(FIXTURES, "head_verdict_regression.json")
    assert _night(tmp_path, state, worse, scan=5)[0] == 1  # a regression outranks a partial scan
