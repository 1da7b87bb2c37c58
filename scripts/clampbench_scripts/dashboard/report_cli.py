# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""report.py HISTORY_DIR -o SITE_DIR [--baseline FILE] [--no-cache] | report.py --single RESULT.json -o SITE_DIR

Builds the static dashboard SITE_DIR/index.html + SITE_DIR/figures/*.svg (redrawn only when
their data changed). A history of several configurations (device, backend, allocator) gets one
dashboard per configuration, SITE_DIR/<device>-<backend>-<allocator>-<hash>/index.html, made
from that configuration's runs alone, and SITE_DIR/index.html is then an index over them with
each one's latest status. Each history file's figures are cached in HISTORY_DIR/.cache (remade
when the file's size or time changes), so a long history parses only its new runs. Bad files in
the history (not JSON, a badly typed field, a FIFO or other special file) are named on stderr
and skipped; a missing or bad baseline, or one run on another device/backend/allocator than
every configuration of the history, is named and the deltas against it left out (a baseline
is used by the dashboard of its own configuration only). Exit 0 when a dashboard was built, 2
when there was nothing to build it from or SITE_DIR is not a writable directory (an existing
file, say), 3 on an I/O error while writing.
"""
import argparse
import os

from clampbench_scripts.dashboard import changes, index_page, latest, nights_table, plots, series, site
from clampbench_scripts.history import configs, nights
from clampbench_scripts.history import runs as history
from clampbench_scripts.common.cli_parser import CliParser
from clampbench_scripts.common.entry import guarded
from clampbench_scripts.common.output import check_directory, warn, write_text
from clampbench_scripts.common.path_args import path_arg
from clampbench_scripts.common.results import InputError, config_differences, load_document, refuse_shard

PROG = "report.py"


def _warn(path, problem):
    warn(PROG, f"skipping {path}: {problem}")


def _load_baseline(path):
    """(run, None) of the baseline file, (None, note) when it is bad, (None, None) when none."""
    if not path:
        return None, None
    try:
        return history.load_run(path), None
    except InputError as e:
        warn(PROG, f"baseline {e.path}: {e.problem}; deltas vs baseline left out")
        return None, f"no baseline ({e.path}: {e.problem})"


def _another_config(baseline, latest_env):
    """Why BASELINE is not the configuration of LATEST_ENV ("" when it is)."""
    diffs = config_differences(baseline["env"], latest_env)
    return "; ".join(f"{field} {a!r} there, {b!r} in the latest run" for field, a, b in diffs)


def _baseline_for(path, baseline, bad_note, latest_env):
    """(rows, environment, note) of the baseline for the configuration of LATEST_ENV; rows
    None when there is none, it is bad, or it ran on another device/backend/allocator (its
    deltas would compare two machines: left out, and said so)."""
    if baseline is None:
        return None, None, bad_note
    why = _another_config(baseline, latest_env)
    if why:
        return None, None, f"baseline {path} not used: another configuration ({why})"
    return baseline["rows"], baseline["env"], f"baseline: {path}"


def _config_site(runs, out_dir, baseline, skipped, other, index_link=None, night_log=None):
    """Writes the dashboard of one configuration's RUNS into OUT_DIR; BASELINE: (path, run
    or None, note); NIGHT_LOG: the gate's record of each night (nights.by_run). Returns its
    changes, figures and latest.status."""
    data = series.build(runs)
    data["baseline_rows"], data["baseline_env"], note = _baseline_for(*baseline, runs[-1]["env"])
    found = changes.detect(data)
    figures = plots.draw_all(data, found, os.path.join(out_dir, "figures"))
    ctx = latest.context(data)
    write_text(site.page(data, found, figures, note, skipped, other, ctx, index_link, night_log),
               os.path.join(out_dir, "index.html"))
    return {"changes": found, "figures": figures,
            "status": {**latest.status(data, ctx), "gate": nights_table.latest_record(runs, night_log)}}


def build_site(paths, out_dir, baseline_path=None, cache_dir=None, night_log=None):
    """CACHE_DIR: where the light forms of the runs are cached (None: parse every file).
    One configuration (device, backend, allocator): its dashboard is OUT_DIR/index.html.
    Several: each gets OUT_DIR/<configs.slug>/index.html, and OUT_DIR/index.html is the
    index over them."""
    skipped = []

    def skip(path, problem):
        skipped.append((path, problem))
        _warn(path, problem)

    # The latest two runs of each configuration are read in full (the latest-run tables and
    # their deltas vs the previous run); of the others, only what the trends and the noise use.
    runs = history.load_runs(paths, skip, cache_dir=cache_dir, full_latest=2)
    if not runs:
        raise InputError(", ".join(paths) or "history", "no readable clampbench results file")
    groups = configs.split(runs)
    base_run, bad_note = _load_baseline(baseline_path)
    if base_run is not None and all(_another_config(base_run, g[-1]["env"]) for _, g in groups):
        why = _another_config(base_run, runs[-1]["env"])
        warn(PROG, f"baseline {baseline_path}: another configuration ({why}); deltas vs baseline left out")
    baseline = (baseline_path, base_run, bad_note)
    if len(groups) == 1:
        built = _config_site(runs, out_dir, baseline, skipped, 0, night_log=night_log)
        return {"runs": len(runs), "configs": 1, "skipped": skipped, **built}
    slugs = [configs.slug(config) for config, _ in groups]
    for slug in slugs:  # every target checked before anything is written
        check_directory(os.path.join(out_dir, slug))
        check_directory(os.path.join(out_dir, slug, "figures"))
    entries, found, figures = [], [], {}
    for (config, group), slug in zip(groups, slugs):
        os.makedirs(os.path.join(out_dir, slug), exist_ok=True)
        built = _config_site(group, os.path.join(out_dir, slug), baseline, skipped,
                             len(runs) - len(group), "../index.html", night_log)
        found += built["changes"]
        figures.update({(slug, suite): figs for suite, figs in built["figures"].items()})
        missing = bad_note
        if base_run is not None:
            missing = ("baseline of another configuration" if _another_config(base_run, group[-1]["env"])
                       else "no row in common with the baseline")
        entries.append({"config": config, "slug": slug, "status": built["status"], "baseline_missing": missing})
    notes = [f"skipped {site.esc(p)}: {site.esc(why)}" for p, why in skipped]
    if baseline_path:
        notes.append(site.esc(bad_note or f"baseline: {baseline_path}"))
    write_text(index_page.page(entries, notes), os.path.join(out_dir, "index.html"))
    return {"runs": len(runs), "configs": len(groups), "skipped": skipped, "changes": found,
            "figures": figures, "entries": entries}


@guarded(PROG)
def main(argv=None):
    p = CliParser(prog=PROG, description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("history", nargs="?", type=path_arg("HISTORY_DIR"),
                   help="directory of results files (results/history)")
    p.add_argument("--single", metavar="RESULT.json", type=path_arg("--single"), help="a dashboard of one run")
    p.add_argument("-o", "--output", required=True, metavar="SITE_DIR", type=path_arg("-o/--output"))
    p.add_argument("--baseline", metavar="FILE", type=path_arg("--baseline"),
                   help="results file the latest run is compared to")
    p.add_argument("--no-cache", action="store_true",
                   help="parse every history file (default: cache each run's figures in HISTORY_DIR/.cache)")
    args = p.parse_args(argv)
    if (args.history is None) == (args.single is None):
        p.error("give either HISTORY_DIR or --single RESULT.json")
    check_directory(args.output)
    check_directory(os.path.join(args.output, "figures"))
    if args.single is not None:  # a dashboard of half a run would show its other half as gone
        refuse_shard(load_document(args.single), args.single)
    paths = [args.single] if args.single is not None else history.history_files(args.history)
    os.makedirs(args.output, exist_ok=True)
    cache = None if args.single is not None or args.no_cache else history.cache_dir(args.history)
    log = {} if args.single is not None else nights.by_run(nights.load(args.history, _warn))
    result = build_site(paths, args.output, args.baseline, cache, log)
    several = f" in {result['configs']} configurations" if result["configs"] > 1 else ""
    warn(PROG, f"{result['runs']} run(s){several}, {len(result['changes'])} change(s), "
               f"{sum(len(v) for v in result['figures'].values())} figures -> "
               f"{os.path.join(args.output, 'index.html')}")
    return 0
