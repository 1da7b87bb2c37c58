# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What the generated pages read from a clampbench binary: its suite registry (`list --json`)
and a quick run's results (`run --backend host --sizes quick --no-timing --instructions off`,
written to a temporary directory and read back). Anything the binary does not deliver is an
InputError naming the binary (exit 2), one line."""
import json
import os
import subprocess
import tempfile

from clampbench_scripts.common.json_input import MAX_DEPTH, depth_of
from clampbench_scripts.common.results import InputError, load_document, rows_of

QUICK_RUN = ("run", "--backend", "host", "--sizes", "quick", "--no-timing", "--instructions", "off")


def _call(binary, args, timeout, **kwargs):
    """`BINARY ARGS`' CompletedProcess (text); InputError when there is no binary, it runs past
    TIMEOUT seconds or it exits non-zero."""
    if not os.access(binary, os.X_OK) or os.path.isdir(binary):
        raise InputError(binary, "no clampbench binary here: build it (bash scripts/main.sh) or name one "
                                 "with --binary")
    try:
        proc = subprocess.run([binary, *args], capture_output=True, text=True, timeout=timeout, **kwargs)
    except subprocess.TimeoutExpired:
        raise InputError(binary, f"{args[0]} did not finish in {timeout} s") from None
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or [""])[-1]
        raise InputError(binary, f"{' '.join(args[:5])} exited {proc.returncode}: {last[:200]}")
    return proc


def registry(binary):
    """The suites as `BINARY list --json` prints them."""
    proc = _call(binary, ["list", "--json"], 120)
    too_deep = f"list --json printed JSON nested more than {MAX_DEPTH} deep"
    try:
        suites = json.loads(proc.stdout)
    except RecursionError:  # json's parser recurses: a few thousand levels exhaust the stack
        raise InputError(binary, too_deep) from None
    except json.JSONDecodeError as e:
        raise InputError(binary, f"list --json printed no JSON ({e})") from None
    if depth_of(suites) > MAX_DEPTH:  # parsed, but the tables' code would recurse into it
        raise InputError(binary, too_deep)
    return suites


def quick_results(binary):
    """The results document of BINARY's quick host run (every suite, no timing); refused when the
    run writes no host_cost at all (a binary from before the block)."""
    with tempfile.TemporaryDirectory(prefix="clampbench-quick-") as tmp:
        out = os.path.join(tmp, "quick.json")
        _call(binary, [*QUICK_RUN, "--out", out], 600, cwd=tmp)
        try:
            doc = load_document(out)
        except InputError as e:
            raise InputError(binary, f"its quick run's results cannot be read: {e.problem}") from None
    if not any(row["host_cost"] is not None for row in rows_of(doc, binary).values()):
        raise InputError(binary, "its quick run records no host_cost: the binary predates the block")
    return doc
