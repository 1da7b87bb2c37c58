# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The lines a report cites, found in the release itself (not written down from one release),
so that the report of another tree cites that tree's lines or says it lacks them."""
import re
from dataclasses import dataclass
from typing import Optional


@dataclass(frozen=True)
class Line:
    relpath: str
    first: int
    last: int
    text: str  # the lines first..last as the release has them

    @property
    def where(self):
        name = self.relpath.rsplit("/", 1)[-1]
        return f"{name}:{self.first}" if self.first == self.last else f"{name}:{self.first}-{self.last}"


def find(release, relpath, pattern, after=None) -> Optional[Line]:
    """The first line of `relpath` matching the regular expression `pattern` (after the first
    one matching `after`, when given), or None when the tree lacks the file or the line."""
    text = release.source.read(relpath)
    if text is None:
        return None
    lines = text.splitlines()
    start = 0
    if after is not None:
        start = next((i + 1 for i, line in enumerate(lines) if re.search(after, line)), len(lines))
    for i in range(start, len(lines)):
        if re.search(pattern, lines[i]):
            return Line(relpath, i + 1, i + 1, lines[i].strip())
    return None


def span(release, relpath, first, last) -> Line:
    """Lines first..last of `relpath` (1-based, inclusive), dedented."""
    lines = (release.source.read(relpath) or "").splitlines()[first - 1:last]
    indent = min((len(l) - len(l.lstrip()) for l in lines if l.strip()), default=0)
    return Line(relpath, first, last, "\n".join(l[indent:] for l in lines))
