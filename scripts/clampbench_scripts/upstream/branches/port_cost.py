# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""upstream.py cost --port: each dumped case's `clamp` and `clamp_` against the release its
port is held to (0.25.0, 0.27.0): ops by name, launches, syncs, copies, allocations and bytes
(sites/cost_compare.py). A difference KNOWN_COST_DIFFERENCES does not list fails the check;
so does a listed one no case of a site shows, where the dump holds that site's cases. The quick
set is the default; `--dump` takes any dump, the nightly set's included."""
from ...common.escape import terminal_text
from ..sites import cost_compare
from ..sites.cost_differences import KNOWN_COST_DIFFERENCES


def check(releases, sites, dump_dir, manifest, table=KNOWN_COST_DIFFERENCES):
    """(report lines, failed): `releases` {version: Release} of the versions the ports are held to."""
    found = cost_compare.compare_dump(releases, sites, dump_dir, manifest)
    lines, failed = [], False
    for key in sorted(found):
        unlisted, vanished = cost_compare.site_differences(key, found[key], table)
        cases = found[key]
        differing = sum(1 for d in cases.values() if d)
        verdict = "NOT AS LISTED" if unlisted or vanished else "as listed" if differing else "equal"
        lines.append(f"{key}: {len(cases)} calls, {differing} differing: {verdict}")
        lines += [f"  {terminal_text(u)}" for u in unlisted + vanished]  # case ids come from the dump
        failed = failed or bool(unlisted or vanished)
    return lines, failed
