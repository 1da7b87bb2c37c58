# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py on hostile trees: a wheel whose Python files unpack to more than the caps (a zip
bomb: a member of a few KB that unpacks to tens of MB, or many of them) is refused before
anything is unpacked, exit 2, one line naming the wheel and the member; a .py file that is not
UTF-8 is named and skipped by `scan`, never a traceback."""
import zipfile

import pytest
from clampbench_testing import one_line_error, run_script

pytest.importorskip("torch")  # the sites import it before a tree is opened
MIB = 1 << 20


def _wheel(path, members):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("vllm/__init__.py", "")
        for name, size in members:
            z.writestr(name, b" " * size)
    return path


@pytest.mark.parametrize("members,problem", [
    ([("vllm/big.py", 17 * MIB)], "vllm/big.py unpacks to"),
    ([(f"vllm/m{i}.py", 15 * MIB) for i in range(18)], "its .py files unpack to"),
])
def test_a_zip_bomb_wheel_is_refused_unpacked(tmp_path, members, problem):
    wheel = _wheel(tmp_path / "vllm-9.9.9-py3-none-any.whl", members)
    assert wheel.stat().st_size < MIB
    proc = run_script("upstream.py", "compare", "--base", wheel, "--head", wheel, "--out-base",
                      tmp_path / "b.json", "--out-head", tmp_path / "h.json", "--no-timing", timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    line = one_line_error(proc)
    assert f"{wheel}: {problem}" in line and "zip bomb" in line, line
    assert not (tmp_path / "b.json").exists() and not (tmp_path / "h.json").exists()


def test_scan_names_and_skips_a_file_that_is_not_utf8(tmp_path):
    vllm = tmp_path / "tree" / "vllm"
    (vllm / "utils").mkdir(parents=True)
    (vllm / "utils" / "math_utils.py").write_text("def cdiv(a, b):\n    return -(a // -b)\n\n"
                                                  "def round_down(a, b):\n    return a // b * b\n")
    (vllm / "builder.py").write_text("class FooBuilder:\n    def build(self, cm):\n        cm.x.add_(1)\n")
    (vllm / "latin1.py").write_bytes(b"# caf\xe9\ndef f():\n    pass\n")
    proc = run_script("upstream.py", "scan", "--vllm-src", tmp_path / "tree", timeout=120)
    assert proc.returncode == 5 and "Traceback" not in proc.stderr, proc.stderr
    assert "FooBuilder.build  add_ on cm.x" in proc.stdout
    assert one_line_error(proc).endswith("vllm/latin1.py: cannot be read (not UTF-8 text)")
