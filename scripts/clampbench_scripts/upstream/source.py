# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Where a vLLM release's source text comes from: a wheel downloaded from PyPI (cached, so a
second run downloads nothing) or a directory (a checkout or an unpacked wheel)."""
import os
import re
import subprocess
import sys
import zipfile
from pathlib import Path

# The releases either side of vLLM pull request #48143 (clamp -> clamp_).
BEFORE_PR = "0.25.0"
AFTER_PR = "0.27.0"
# The newest release the tests hold the tool to (every site it still has runs there).
NEWEST_CHECKED = "0.34.0"
VERSION_RE = re.compile(r"^[0-9]+(\.[0-9]+)*([a-z]+[0-9]*)?(\.post[0-9]+)?$")


class SourceError(Exception):
    """A release that cannot be had: unknown version, no network, not a vLLM tree."""


def cache_dir() -> Path:
    return Path(os.environ.get("CLAMPBENCH_CACHE", Path.home() / ".cache" / "clampbench"))


class WheelSource:
    """The .py files of one vLLM wheel, read straight from the zip."""

    def __init__(self, wheel: Path, version: str):
        self.version = version
        self.label = f"vllm {version} (PyPI wheel)"
        self._zip = zipfile.ZipFile(wheel)
        self._names = set(self._zip.namelist())

    def read(self, relpath: str):
        return self._zip.read(relpath).decode("utf-8") if relpath in self._names else None

    def python_files(self):
        """Every vllm/**/*.py of the wheel, sorted."""
        return sorted(n for n in self._names if n.startswith("vllm/") and n.endswith(".py"))


class DirSource:
    """A vLLM checkout or unpacked wheel: DIR/vllm/... must exist."""

    def __init__(self, root: Path):
        self.root = Path(root)
        if not (self.root / "vllm").is_dir():
            raise SourceError(f"{root}: no vllm/ package directory inside (give a vLLM checkout "
                              f"or an unpacked wheel)")
        self.version = None
        self.label = f"vllm source at {root}"

    def read(self, relpath: str):
        path = self.root / relpath
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def python_files(self):
        """Every vllm/**/*.py of the tree, sorted."""
        return sorted(p.relative_to(self.root).as_posix() for p in (self.root / "vllm").rglob("*.py")
                      if p.is_file())


def pip_command():
    """A pip that can download wheels: $CLAMPBENCH_PIP, else this interpreter's, else pip3."""
    if os.environ.get("CLAMPBENCH_PIP"):
        return os.environ["CLAMPBENCH_PIP"].split()
    probe = subprocess.run([sys.executable, "-m", "pip", "--version"], capture_output=True)
    return [sys.executable, "-m", "pip"] if probe.returncode == 0 else ["pip3"]


def fetch_wheel(version: str) -> Path:
    """The vllm==VERSION wheel from the cache, downloading it (no dependencies) on a miss."""
    if not VERSION_RE.match(version):
        raise SourceError(f"{version!r} is not a version number")
    wheels = cache_dir() / "wheels"
    found = sorted(wheels.glob(f"vllm-{version}-*.whl"))
    if found:
        return found[0]
    wheels.mkdir(parents=True, exist_ok=True)
    proc = subprocess.run([*pip_command(), "download", "--no-deps", "--only-binary=:all:",
                           "--disable-pip-version-check", "-q", "-d", str(wheels), f"vllm=={version}"],
                          capture_output=True, text=True)
    found = sorted(wheels.glob(f"vllm-{version}-*.whl"))
    if proc.returncode != 0 or not found:
        last = (proc.stderr.strip().splitlines() or ["pip printed nothing"])[-1]
        raise SourceError(f"vllm {version}: cannot download the wheel ({last})")
    return found[0]


def open_release(version: str) -> WheelSource:
    return WheelSource(fetch_wheel(version), version)
