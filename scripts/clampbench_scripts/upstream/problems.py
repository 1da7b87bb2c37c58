# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The problems a site of a vLLM tree can have (its code missing, no longer parsing, no longer
running on the stand-ins, or disagreeing with the port), the exit code of each, and the one line
that says what went wrong: shared by `upstream.py` and `upstream.py compare`."""
from .vllm_code.extract import ExtractError

# Exit codes of scripts/upstream.py, most severe first: what a problem found makes it exit.
EXIT_DISAGREES, EXIT_USAGE, EXIT_MISSING, EXIT_UNPARSEABLE, EXIT_CANNOT_RUN = 1, 2, 4, 5, 6
PROBLEM_EXIT = {"disagrees": EXIT_DISAGREES, "unparseable": EXIT_UNPARSEABLE, "missing": EXIT_MISSING,
                "cannot_run": EXIT_CANNOT_RUN}


def one_line(exc):
    text = f"{type(exc).__name__}: {exc}" if not isinstance(exc, ExtractError) else str(exc)
    return " ".join(text.split())[:300]
