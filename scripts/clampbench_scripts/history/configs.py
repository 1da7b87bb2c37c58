# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""A history split by configuration (device, backend, allocator: results.config_of), and the
directory name of each configuration's dashboard.

Runs of two configurations are never compared (two machines' times, two allocators' counts),
so every trend, noise estimate, change and "latest vs previous" of the dashboard is made from
one configuration's runs. A device name is data: its directory name keeps only letters, digits
and "_" of it, shortened, and always ends in a hash of the whole configuration, so no name
leaves the site directory, two configurations never share a directory (not even on a
case-insensitive file system), and a configuration keeps its directory from one build to the
next.
"""
import hashlib
import json
import re

from clampbench_scripts.common.results import CONFIG_FIELDS, config_of

MAX_READABLE = 60  # characters of the readable part of a directory name


def config_key(env):
    """A hashable, canonical form of ENV's configuration."""
    return json.dumps([config_of(env)[f] for f in CONFIG_FIELDS], default=str)


def split(runs):
    """[(config, runs)] of RUNS (sorted by time), one entry per configuration, each keeping
    the time order; configurations sorted by device, backend and allocator."""
    groups = {}
    for run in runs:
        groups.setdefault(config_key(run["env"]), []).append(run)
    return sorted(((config_of(group[0]["env"]), group) for group in groups.values()),
                  key=lambda item: [str(item[0][f]).casefold() for f in CONFIG_FIELDS])


def slug(config):
    """The directory name of CONFIG's dashboard, e.g. "NVIDIA_H100_80GB_HBM3-cuda-caching-a5c9becb06"."""
    parts = [re.sub(r"[^A-Za-z0-9_]+", "_", str(config.get(f))).strip("_") or "_" for f in CONFIG_FIELDS]
    readable = "-".join(parts)[:MAX_READABLE]
    canonical = json.dumps([config.get(f) for f in CONFIG_FIELDS], default=str)  # \u-escapes: ASCII
    return f"{readable}-{hashlib.sha256(canonical.encode('ascii')).hexdigest()[:10]}"


def label(config):
    """CONFIG as a user reads it (not escaped): "NVIDIA H100, cuda, caching"."""
    return ", ".join(str(config.get(f)) for f in CONFIG_FIELDS)
