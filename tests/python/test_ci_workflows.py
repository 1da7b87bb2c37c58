# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The CI files shipped for users (ci/github, ci/buildkite): clean under actionlint, zizmor and
Buildkite's schema (check-jsonschema's vendored copy, offline), each linter shown to fail on a
planted fault; every script a step runs exists; shard.sh and merge.sh called with their
documented arguments; the gate's exit-code mapping and the PR comment's cut, run as written.
The linters come from scripts/test.sh's package step (CLAMPBENCH_CI_LINT_BIN); under
CLAMPBENCH_REQUIRE_CI_LINT=1 (CI) a missing one fails instead of skipping. Nothing is fetched."""
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
GITHUB = ROOT / "ci" / "github"
WORKFLOWS = sorted(GITHUB.glob("clampbench-*.yml"))
PIPELINE = ROOT / "ci" / "buildkite" / "pipeline.yml"
# Written beside this change (their own branch): checked once they are in the tree.


def _lint_bin():
    default = Path(os.environ.get("CLAMPBENCH_CACHE", Path.home() / ".cache" / "clampbench"))
    return Path(os.environ.get("CLAMPBENCH_CI_LINT_BIN", default / "venv-ci-lint" / "bin"))


@pytest.fixture(scope="module")
def lint():
    """lint(TOOL, *ARGS) -> CompletedProcess, offline (no GitHub token, no network use)."""
    bindir = _lint_bin()
    missing = [t for t in ("actionlint", "zizmor", "check-jsonschema") if not (bindir / t).exists()]
    if missing:
        message = f"CI linters {missing} not in {bindir} (scripts/test.sh installs them)"
        if os.environ.get("CLAMPBENCH_REQUIRE_CI_LINT") == "1":
            pytest.fail(message)
        pytest.skip(message)
    env = {k: v for k, v in os.environ.items() if k not in ("GH_TOKEN", "GITHUB_TOKEN")}

    def run(tool, *args):
        return subprocess.run([str(bindir / tool), *map(str, args)], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=120)
    return run


def _actionlint(lint, *files):
    return lint("actionlint", "-config-file", GITHUB / "actionlint.yaml", *files)


def _zizmor(lint, *files):
    return lint("zizmor", "--offline", "--config", GITHUB / "zizmor.yml", *files)


def _planted(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def test_workflows_are_there():
    names = {p.name for p in WORKFLOWS}
    assert {"clampbench-nightly.yml", "clampbench-pr.yml", "clampbench-pr-comment.yml"} <= names
    assert PIPELINE.is_file()


def test_actionlint_clean_and_catches_a_fault(lint, tmp_path):
    clean = _actionlint(lint, *WORKFLOWS)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    text = (GITHUB / "clampbench-nightly.yml").read_text()
    bad = _planted(tmp_path, "bad.yml", text.replace("steps.merge.outputs.rc", "steps.merged.outputs.rc", 1))
    assert _actionlint(lint, bad).returncode != 0


def test_zizmor_clean_and_catches_a_fault(lint, tmp_path):
    clean = _zizmor(lint, *WORKFLOWS)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    text = (GITHUB / "clampbench-pr.yml").read_text()
    unpinned = re.sub(r"actions/checkout@[0-9a-f]{40} # v\S+", "actions/checkout@v4.2.2", text)
    assert unpinned != text
    assert _zizmor(lint, _planted(tmp_path, "unpinned.yml", unpinned)).returncode != 0
    injected = text.replace('echo "merge base $base, head $HEAD_SHA"',
                            'echo "${{ github.event.pull_request.title }}"')
    assert _zizmor(lint, _planted(tmp_path, "injected.yml", injected)).returncode != 0


def test_buildkite_schema_offline_clean_and_catches_a_fault(lint, tmp_path):
    clean = lint("check-jsonschema", "--builtin-schema", "vendor.buildkite", PIPELINE)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    bad = _planted(tmp_path, "pipeline.yml", PIPELINE.read_text().replace("timeout_in_minutes: 60", "timeout_in_minutes: soon", 1))
    assert lint("check-jsonschema", "--builtin-schema", "vendor.buildkite", bad).returncode == 1


def _steps():
    """(file, step) of every GitHub step and Buildkite command step."""
    for path in WORKFLOWS:
        for job in yaml.safe_load(path.read_text())["jobs"].values():
            for step in job.get("steps", []):
                yield path.name, step
    for step in yaml.safe_load(PIPELINE.read_text())["steps"]:
        if "command" in step:
            yield PIPELINE.name, {"run": step["command"]}


def _script_paths():
    found = set()
    for _, step in _steps():
        found |= set(re.findall(r"(?<![\w./-])((?:scripts|ci)/[\w./-]+\.(?:sh|py))", step.get("run", "")))
    return sorted(found)


def test_steps_name_scripts():
    assert {"ci/steps/shard.sh", "ci/steps/merge.sh", "ci/steps/vllm.sh",
            "scripts/upstream.py", "scripts/compare.py", "scripts/detail/deps.sh"} <= set(_script_paths())


@pytest.mark.parametrize("script", _script_paths())
def test_step_script_exists(script):
    path = ROOT / script
    assert path.is_file(), f"a CI step runs {script}, which is not in the repository"
    if script.startswith("ci/steps/"):
        assert os.access(path, os.X_OK), f"{script} is run as a command but is not executable"


def _calls(text, script):
    """The argument lists of every call of SCRIPT in a shell TEXT."""
    calls = []
    for line in text.splitlines():
        if script in line:
            words = shlex.split(line.split("||")[0])
            calls.append(words[words.index(script) + 1:])
    return calls


def _jobs():
    return yaml.safe_load((GITHUB / "clampbench-nightly.yml").read_text())


def test_github_shard_and_merge_interface():
    doc = _jobs()
    count = doc["env"]["CLAMPBENCH_SHARDS"]
    shard = doc["jobs"]["shard"]
    assert shard["strategy"]["matrix"]["shard"] == list(range(1, int(count) + 1))
    run = next(s for s in shard["steps"] if "shard.sh" in s.get("run", ""))
    (args,) = _calls(run["run"], "ci/steps/shard.sh")
    assert args[:3] == ["$SHARD", "$CLAMPBENCH_SHARDS", "shards"]
    assert run["env"]["SHARD"] == "${{ matrix.shard }}"
    upload = next(s for s in shard["steps"] if "upload-artifact" in s.get("uses", ""))
    assert upload["with"]["path"] == "shards/shard-${{ matrix.shard }}-of-${{ env.CLAMPBENCH_SHARDS }}.json"
    merge = doc["jobs"]["merge"]
    assert merge["strategy"]["matrix"]["gpu"] == shard["strategy"]["matrix"]["gpu"]
    download = next(s for s in merge["steps"] if "download-artifact" in s.get("uses", ""))
    assert download["with"]["path"] == "shards"
    run = next(s for s in merge["steps"] if "merge.sh" in s.get("run", ""))
    (args,) = _calls(run["run"], "ci/steps/merge.sh")
    assert args == ["shards", "state", "site/$GPU", "${accept[@]}"]
    assert run["env"]["ACCEPTED_BY"] == "${{ inputs.accept && github.actor || '' }}"
    assert any("shards/merged.json" in s.get("with", {}).get("path", "") for s in merge["steps"])
    # The baseline rule is merge.sh's (history.py accept): no step of the workflow writes the baseline.
    assert not any("baseline.json" in s.get("run", "") for s in merge["steps"])


def test_buildkite_shard_and_merge_interface():
    doc = yaml.safe_load(PIPELINE.read_text())
    count = int(doc["env"]["CLAMPBENCH_SHARDS"])
    shards, merge = (next(s for s in doc["steps"] if s.get("key") == k) for k in ("shards", "merge"))
    assert shards["matrix"]["setup"]["shard"] == [str(i) for i in range(1, count + 1)]
    (args,) = _calls(shards["command"], "ci/steps/shard.sh")
    assert args[:3] == ["{{matrix.shard}}", "$$CLAMPBENCH_SHARDS", "shards/{{matrix.gpu}}"]
    assert 'artifact upload "shards/{{matrix.gpu}}/shard-{{matrix.shard}}-of-$$CLAMPBENCH_SHARDS.json"' in shards["command"]
    (args,) = _calls(merge["command"], "ci/steps/merge.sh")
    assert args == ["shards/$$gpu", "$$state", "site/$$gpu", "$${accept[@]}"]
    assert "baseline.json" not in merge["command"]  # the baseline rule is merge.sh's
    assert {"wait": None, "continue_on_failure": True} in doc["steps"]
    assert doc["steps"].index({"wait": None, "continue_on_failure": True}) < doc["steps"].index(merge)
    assert merge["soft_fail"] == [{"exit_status": 3}]
    assert merge["matrix"]["setup"]["gpu"] == shards["matrix"]["setup"]["gpu"]


def _gate_script(job):
    return next(s for s in _jobs()["jobs"][job]["steps"] if s.get("name") == "Gate")["run"]


MERGE_GATE = ("merge", {"GPU": "h100"}, "clampbench h100")
VLLM_GATE = ("vllm", {"VLLM": "main"}, "vLLM main")


@pytest.mark.parametrize("gate, rc, status, annotation", [
    (MERGE_GATE, "0", 0, None), (MERGE_GATE, "1", 1, "::error"), (MERGE_GATE, "3", 0, "::warning"),
    (MERGE_GATE, "2", 2, "::error"), (MERGE_GATE, "", 3, "::error"),
    (VLLM_GATE, "0", 0, None), (VLLM_GATE, "1", 1, "::error"), (VLLM_GATE, "3", 0, "::warning"),
    (VLLM_GATE, "4", 0, "::warning"), (VLLM_GATE, "2", 2, "::error")])
def test_gate_step_maps_exit_codes(gate, rc, status, annotation):
    job, env, title = gate
    done = subprocess.run(["bash", "-e", "-c", _gate_script(job)], env={"RC": rc, **env, "PATH": "/usr/bin:/bin"},
                          capture_output=True, text=True, timeout=10)
    assert done.returncode == status
    if annotation:
        assert done.stdout.startswith(f"{annotation} title={title}::")


def _comment_body(tmp_path, text):
    doc = yaml.safe_load((GITHUB / "clampbench-pr-comment.yml").read_text())
    step = next(s for s in doc["jobs"]["comment"]["steps"] if s.get("name", "").startswith("The body"))
    (tmp_path / "comment").mkdir()
    (tmp_path / "comment" / "comment.md").write_text(text, encoding="utf-8")
    subprocess.run(["bash", "-e", "-c", step["run"]], cwd=tmp_path, check=True, timeout=30)
    return (tmp_path / "body.md").read_text(encoding="utf-8")


def test_pr_comment_kept_whole_when_it_fits(tmp_path):
    body = _comment_body(tmp_path, "## clampbench\n| a | b |\n")
    assert body == "<!-- clampbench-pr -->\n## clampbench\n| a | b |\n"


def test_pr_comment_cut_at_a_line_under_the_limit(tmp_path):
    rows = "".join(f"| row {i} | \u00e9\u00e9\u00e9 \U0001f600 |\n" for i in range(6000))  # ~100k characters
    body = _comment_body(tmp_path, "## clampbench\n" + rows)
    assert len(body) <= 65536 and body.startswith("<!-- clampbench-pr -->\n## clampbench\n")
    kept, note = body.rsplit("\n\n_Cut to fit", 1)
    assert kept.endswith("\U0001f600 |") and "65,536-character" in note


def test_vllm_script_usage():
    done = subprocess.run(["bash", str(ROOT / "ci" / "steps" / "vllm.sh"), "0.27.0"], capture_output=True,
                          text=True, timeout=10)
    assert done.returncode == 2 and done.stderr.startswith("usage: ci/steps/vllm.sh")
