#!/usr/bin/env bash
# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Did this change make clampbench slower or add work? Builds the base (the merge base with main,
# or --base REF) in a temporary worktree beside this one and this working tree's binary, runs
# the time gate (scripts/gate.py) between them over the selection (the quick set on host by
# default), then runs both once under callgrind and lists every row whose instruction count
# moved: counts are exact, so a change that adds work is named even where time cannot see it.
# Exit codes as the gate's: 1 a regression (the gate's, or a count that grew: more work per
# call); else 3 not assessed (the gate's, a row counted on one side only, a failed build or
# run); else 0. A count that fell is reported, not a failure. Everything goes to --out DIR.
set -euo pipefail

usage="usage: scripts/gate-change.sh [--base REF] [--base-binary BIN] [--head-binary BIN] [--out DIR]
       [--max-mde F] [--budget S] [--jobs N] [-- RUN ARGS (default: --backend host)]"
die_usage() { echo "gate-change: $1 (--help for usage)" >&2; exit 2; }
die() { echo "gate-change: $1" >&2; exit 3; }

here=$(cd "$(dirname "$0")/.." && pwd)
python=${CLAMPBENCH_PYTHON:-/usr/bin/python3}
gate=${CLAMPBENCH_GATE:-"$python $here/scripts/gate.py"}  # a stand-in for tests
base_ref="" base_bin="" head_bin="" out="$here/build/gate-change" jobs=$(nproc) gate_opts=()
while [ $# -gt 0 ]; do
  case "$1" in
    -h|--help) echo "$usage"; exit 0 ;;
    --base|--base-binary|--head-binary|--out|--max-mde|--budget|--jobs)
      if [ $# -lt 2 ] || [ -z "$2" ]; then die_usage "$1 needs a value"; fi
      case "$1" in
        --base) base_ref=$2 ;; --base-binary) base_bin=$2 ;; --head-binary) head_bin=$2 ;;
        --out) out=$2 ;; --jobs) jobs=$2 ;; *) gate_opts+=("$1" "$2") ;;
      esac
      shift 2 ;;
    --) shift; break ;;
    *) die_usage "unknown argument '$1'" ;;
  esac
done
run_args=("$@")
[ ${#run_args[@]} -gt 0 ] || run_args=(--backend host)
for a in "${run_args[@]}"; do
  case "$a" in --out|--out=*|--instructions|--instructions=*|--no-timing|--resume*)
    die_usage "run argument '$a' is the script's to choose" ;; esac
done
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || die_usage "--jobs must be a positive integer, not '$jobs'"
# The gate's number options are checked here, before the builds and the callgrind runs: the gate
# would refuse nan, inf, 0 or text only after all of them. A plain decimal, an exponent of at
# most two digits and 32 characters: finite and, with a non-zero digit, positive as a double.
positive_number() {
  [ ${#1} -le 32 ] && [[ "$1" =~ ^\+?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]{1,2})?$ ]] &&
    [[ "${BASH_REMATCH[1]}" =~ [1-9] ]]
}
for ((i = 0; i < ${#gate_opts[@]}; i += 2)); do
  case "${gate_opts[i]}" in
    --budget) what="a positive number of seconds" ;; *) what="a positive fraction (0.10 is 10%)" ;;
  esac
  positive_number "${gate_opts[i + 1]}" || die_usage "${gate_opts[i]} must be $what, not '${gate_opts[i + 1]}'"
done
[ -n "$base_ref" ] && [ -n "$base_bin" ] && die_usage "--base and --base-binary exclude each other"
for b in "$base_bin" "$head_bin"; do [ -z "$b" ] || [ -x "$b" ] || die_usage "not an executable: '$b'"; done
if [ -e "$out" ] && [ ! -d "$out" ]; then die_usage "--out is not a directory: '$out'"; fi
[ -L "$out" ] && die_usage "--out is a symbolic link: '$out'"

# The base: a temporary worktree beside this one, removed on every exit.
tree=""
# shellcheck disable=SC2317  # called by the EXIT trap
cleanup() { [ -z "$tree" ] || git -C "$here" worktree remove --force "$tree" >/dev/null 2>&1 || true; }
trap cleanup EXIT
trap 'exit 3' INT TERM
build_binary() {  # DIR: the clampbench binary of the tree at DIR (reusing its build/ when configured)
  if [ ! -f "$1/build/CMakeCache.txt" ]; then
    (cd "$1" && cmake --preset main >"$1/build-configure.log" 2>&1) || die "configure failed in $1 (see $1/build-configure.log)"
  fi
  cmake --build "$1/build" --target clampbench -j "$jobs" >"$out/build-$2.log" 2>&1 || die "build of the $2 failed (see $out/build-$2.log)"
}
if [ -z "$base_bin" ]; then
  [ -n "$base_ref" ] || base_ref=$(git -C "$here" merge-base HEAD main 2>/dev/null) || die_usage "no merge base with main; name one with --base"
  commit=$(git -C "$here" rev-parse --verify --quiet "$base_ref^{commit}") || die_usage "not a commit: '$base_ref'"
fi
mkdir -p "$out" || die "cannot create '$out'"
if [ -z "$base_bin" ]; then
  tree=$(mktemp -d "$(dirname "$here")/.gate-change-base.XXXXXX")
  git -C "$here" worktree add --detach "$tree" "$commit" >/dev/null 2>&1 || die "cannot add a worktree at $tree"
  echo "gate-change: building the base ${commit:0:12} in $tree" >&2
  build_binary "$tree" base
  base_bin=$tree/build/clampbench
fi
if [ -z "$head_bin" ]; then
  echo "gate-change: building the working tree" >&2
  build_binary "$here" head
  head_bin=$here/build/clampbench
fi

# The time gate, its table printed and kept.
set +e
$gate --base-binary "$base_bin" --head-binary "$head_bin" "${gate_opts[@]}" --json "$out/gate.json.tmp" \
  -- "${run_args[@]}" >"$out/gate.txt.tmp"
gate_rc=$?
set -e
cat "$out/gate.txt.tmp"
mv "$out/gate.txt.tmp" "$out/gate.txt"
[ ! -f "$out/gate.json.tmp" ] || mv "$out/gate.json.tmp" "$out/gate.json"
case $gate_rc in 0|1|3) ;; *) echo "gate-change: the gate exited $gate_rc" >&2; gate_rc=3 ;; esac

# The instruction counts: each binary once under callgrind, then the rows that moved.
count_rc=0
for side in base head; do
  bin=$base_bin; [ $side = head ] && bin=$head_bin
  "$bin" run "${run_args[@]}" --no-timing --instructions callgrind --out "$out/counts-$side.json" \
    >"$out/counts-$side.log" 2>&1 || [ -f "$out/counts-$side.json" ] || count_rc=3
done
if [ $count_rc -eq 0 ]; then
  set +e
  "$python" - "$out/counts-base.json" "$out/counts-head.json" >"$out/counts.txt.tmp" <<'PY'
import json, sys

def clean(s):  # strings from a results file are data
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in str(s))

def counts(path):
    try:
        with open(path, encoding="utf-8") as f:
            cases = json.load(f)["cases"]
        rows = {}
        for case in cases:
            for v in case["variants"]:
                key, n = (case["case_id"], v["name"]), v.get("instructions")
                if not all(isinstance(k, str) for k in key) or key in rows:
                    raise ValueError(f"a bad or duplicate row {clean(key)}")
                rows[key] = n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None
        return rows
    except (OSError, ValueError, KeyError, TypeError) as e:
        print(f"gate-change: cannot read the counts of {clean(path)}: {clean(e)}", file=sys.stderr)
        sys.exit(3)

base, head = counts(sys.argv[1]), counts(sys.argv[2])
lines, grew, unseen = [], False, False
for key in sorted(base.keys() | head.keys()):
    b, h, row = base.get(key), head.get(key), f"{clean(key[0])} {clean(key[1])}"
    if key not in head or b is None or h is None:
        if key not in base:
            lines.append(f"  new           {'':>24}  {row} (head only)")
            continue
        unseen = True
        lines.append(f"  NOT ASSESSED  {'':>24}  {row} ({'base only' if key not in head else 'no count'})")
    elif b != h:
        grew |= h > b
        word = "MORE WORK" if h > b else "less work"
        lines.append(f"  {word:<12}  {b:>11} -> {h:<11}  {row} ({(h - b) / b:+.2%})" if b else
                     f"  {word:<12}  {b:>11} -> {h:<11}  {row}")
moved = sum(1 for x in lines if "WORK" in x or "work" in x)
print(f"instruction counts (callgrind, one call per row): {len(base.keys() | head.keys())} rows, {moved} moved")
print("\n".join(lines) if lines else "  every count the same")
sys.exit(1 if grew else 3 if unseen else 0)
PY
  count_rc=$?
  set -e
  cat "$out/counts.txt.tmp"
  mv "$out/counts.txt.tmp" "$out/counts.txt"
else
  echo "gate-change: a callgrind run wrote no results (see $out/counts-*.log)" >&2
fi

if [ $gate_rc -eq 1 ] || [ $count_rc -eq 1 ]; then rc=1
elif [ $gate_rc -ne 0 ] || [ $count_rc -ne 0 ]; then rc=3
else rc=0; fi
echo "gate-change: exit $rc (gate $gate_rc, instruction counts $count_rc); files in $out"
exit $rc
