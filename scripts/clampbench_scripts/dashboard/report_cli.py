# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""report.py HISTORY_DIR -o SITE_DIR [--baseline FILE] [--no-cache] | report.py --single RESULT.json -o SITE_DIR

Builds the static dashboard SITE_DIR/index.html + SITE_DIR/figures/*.svg (redrawn only when
their data changed). Each history file's figures are cached in HISTORY_DIR/.cache (remade
when the file's size or time changes), so a long history parses only its new runs. Bad files in
the history (not JSON, a badly typed field, a FIFO or other special file) are named on stderr
and skipped; a missing or bad baseline, or one run on another device/backend/allocator than the
latest run, is named and the deltas against it left out. Exit 0 when a dashboard was built, 2
when there was nothing to build it from or SITE_DIR is not a writable directory (an existing
file, say), 3 on an I/O error while writing.
"""
import argparse
import os

from clampbench_scripts.dashboard import changes, plots, series, site
from clampbench_scripts.history import runs as history
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.output import check_directory, warn, write_text
from clampbench_scripts.common.results import InputError, config_differences, config_of

PROG = "report.py"


def _warn(path, problem):
    warn(PROG, f"skipping {path}: {problem}")


def _same_config(runs):
    """The runs sharing the latest run's device/backend/allocator, and how many did not."""
    want = config_of(runs[-1]["env"])
    kept = [r for r in runs if config_of(r["env"]) == want]
    return kept, len(runs) - len(kept)


def _baseline(path, latest_env):
    """(rows, environment, note) of the baseline file; rows None when there is none, it is
    bad, or it ran on another device/backend/allocator than the latest run (its deltas would
    compare two machines: left out, and said so)."""
    if not path:
        return None, None, None
    try:
        run = history.load_run(path)
    except InputError as e:
        warn(PROG, f"baseline {e.path}: {e.problem}; deltas vs baseline left out")
        return None, None, f"no baseline ({e.path}: {e.problem})"
    diffs = config_differences(run["env"], latest_env)
    if diffs:
        why = "; ".join(f"{field} {a!r} there, {b!r} in the latest run" for field, a, b in diffs)
        warn(PROG, f"baseline {path}: another configuration ({why}); deltas vs baseline left out")
        return None, None, f"baseline {path} not used: another configuration ({why})"
    return run["rows"], run["env"], f"baseline: {path}"


def build_site(paths, out_dir, baseline_path=None, cache_dir=None):
    """CACHE_DIR: where the light forms of the runs are cached (None: parse every file)."""
    skipped = []

    def warn(path, problem):
        skipped.append((path, problem))
        _warn(path, problem)

    # The latest two runs are read in full (the latest-run tables and their deltas vs the
    # previous run); of the others, only what the trends and the time noise use.
    runs = history.load_runs(paths, warn, cache_dir=cache_dir, full_latest=2)
    if not runs:
        raise InputError(", ".join(paths) or "history", "no readable clampbench results file")
    runs, other = _same_config(runs)
    data = series.build(runs)
    data["baseline_rows"], data["baseline_env"], note = _baseline(baseline_path, runs[-1]["env"])
    found = changes.detect(data)
    figures = plots.draw_all(data, found, os.path.join(out_dir, "figures"))
    write_text(site.page(data, found, figures, note, skipped, other),
               os.path.join(out_dir, "index.html"))
    return {"runs": len(runs), "changes": found, "figures": figures, "skipped": skipped}


@guarded(PROG)
def main(argv=None):
    p = argparse.ArgumentParser(prog=PROG, description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("history", nargs="?", help="directory of results files (results/history)")
    p.add_argument("--single", metavar="RESULT.json", help="a dashboard of one run")
    p.add_argument("-o", "--output", required=True, metavar="SITE_DIR")
    p.add_argument("--baseline", metavar="FILE", help="results file the latest run is compared to")
    p.add_argument("--no-cache", action="store_true",
                   help="parse every history file (default: cache each run's figures in HISTORY_DIR/.cache)")
    args = p.parse_args(argv)
    if bool(args.history) == bool(args.single):
        p.error("give either HISTORY_DIR or --single RESULT.json")
    check_directory(args.output)
    check_directory(os.path.join(args.output, "figures"))
    paths = [args.single] if args.single else history.history_files(args.history)
    os.makedirs(args.output, exist_ok=True)
    cache = None if args.single or args.no_cache else history.cache_dir(args.history)
    result = build_site(paths, args.output, args.baseline, cache)
    warn(PROG, f"{result['runs']} run(s), {len(result['changes'])} change(s), "
               f"{sum(len(v) for v in result['figures'].values())} figures -> "
               f"{os.path.join(args.output, 'index.html')}")
    return 0
