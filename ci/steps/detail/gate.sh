# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
# Sourced by merge.sh: the gate of one night, night_gate MERGED BASELINE HISTORY SHARDDIR STATUS.
# Sets `gate`: compare.py's exit code (0 no regression, 1 regression, 3 not assessed, 2 an
# unreadable baseline), 1 too when the merged run itself holds an unexpected verdict or finding
# (STATUS, the merge's exit code, 1), 3 when it is otherwise not whole. Writes SHARDDIR's
# gate.json and gate.md, and gated-against.json: a copy of the baseline it was gated against.
# The first night (no baseline, no earlier run in HISTORY) is gated on its own run: its
# outcome, and compare.py MERGED MERGED (every gated figure present). A later night without a
# baseline (an evicted cache, a deleted file) is NOT ASSESSED until a night is accepted by name.
# EARLIER: how many runs of HISTORY are not this night's.
night_gate() {
  local merged=$1 baseline=$2 earlier=$3 sharddir=$4 status=$5 base
  gate=0
  if [ -f "$baseline" ] && [ ! -L "$baseline" ]; then
    cp -- "$baseline" "$sharddir/gated-against.json"
    base=$sharddir/gated-against.json
  elif [ "$earlier" -gt 0 ]; then
    base="" gate=3
    printf '{"not_assessed": {"baseline": [["%s", "missing, while the history holds %s earlier runs: accept a night by name to set it"]]}}\n' \
      "baseline.json" "$earlier" > "$sharddir/gate.json"
    echo "merge.sh: NOT ASSESSED: no $baseline, while the history holds earlier runs" >&2
  else
    base=$merged
  fi
  if [ -n "$base" ]; then
    "$python" "$scripts/compare.py" "$base" "$merged" --format json -o "$sharddir/gate.json" || gate=$?
  fi
  if [ "$gate" -eq 0 ] || [ "$gate" -eq 1 ] || [ "$gate" -eq 3 ]; then
    if [ -n "$base" ]; then "$python" "$scripts/compare.py" "$base" "$merged" --format md -o "$sharddir/gate.md" || true; fi
    if [ "$status" -eq 1 ] || [ "$gate" -eq 1 ]; then gate=1; elif [ "$status" -ne 0 ]; then gate=3; fi
  fi
}

# The runs of a history directory that are results files (0 when it cannot be read).
history_runs() {
  find "$1" -maxdepth 1 -name '*.json' ! -name '.*' 2>/dev/null | wc -l
}

# The word of a gate exit code, for the night's last line.
verdict_word() {
  case $1 in 0) echo "no regression";; 1) echo "REGRESSION";; 3) echo "NOT ASSESSED";; *) echo "exit $1";; esac
}
