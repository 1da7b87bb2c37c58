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
# What a wheel's Python files may unpack to. vLLM 0.34's largest .py is under 1 MiB and all
# of them together under 40 MiB; a zip bomb (a 1 MB file that unpacks to gigabytes) is
# refused before anything is read, not read until the machine runs out of memory.
MAX_MEMBER_BYTES = 16 << 20
MAX_TOTAL_BYTES = 256 << 20


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
        _check_sizes(wheel, [i for i in self._zip.infolist() if i.filename.endswith(".py")])

    def read(self, relpath: str):
        if relpath not in self._names:
            return None
        with self._zip.open(relpath) as f:  # zipfile stops at the size checked above
            return f.read(MAX_MEMBER_BYTES + 1).decode("utf-8")

    def python_files(self):
        """Every vllm/**/*.py of the wheel, sorted."""
        return sorted(n for n in self._names if n.startswith("vllm/") and n.endswith(".py"))


def _check_sizes(wheel, infos):
    """SourceError when the Python files INFOS of WHEEL would unpack to more than the caps."""
    for info in infos:
        if info.file_size > MAX_MEMBER_BYTES:
            raise SourceError(f"{wheel}: {info.filename} unpacks to {info.file_size} bytes, over the "
                              f"{MAX_MEMBER_BYTES >> 20} MiB a source file may have (a zip bomb?); not read")
    total = sum(i.file_size for i in infos)
    if total > MAX_TOTAL_BYTES:
        raise SourceError(f"{wheel}: its .py files unpack to {total} bytes, over the {MAX_TOTAL_BYTES >> 20} "
                          f"MiB a wheel's sources may have (a zip bomb?); not read")


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
