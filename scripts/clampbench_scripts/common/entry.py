# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""The one top-level error handler of every script's main(): a user never sees a traceback.

  InputError, OutputError  exit 2: a bad input file or output target, one line naming it
                           (exit 1 is kept for "regression" alone)
  OSError                  exit 3: an I/O error past the checks (disk full, a closed stdout)
  UnicodeEncodeError       exit 3: the output holds a character stdout's encoding cannot
                           write (PYTHONIOENCODING=ascii, a C locale)
  ImportError of numpy, scipy, matplotlib, torch or triton
                           exit 2: the interpreter lacks a dependency; which one to use
                           (interpreter.py)
  KeyboardInterrupt        exit 130, as a shell reports SIGINT
  Terminated               exit 143, as a shell reports SIGTERM (scripts that clean up after
                           themselves turn SIGTERM into it: exit_on_sigterm)
  anything else            exit 3: a bug in the script; its traceback follows the one line,
                           for the bug report (never exit 1, which a gate reads as a regression)
Every message goes through escape.terminal_text: a file's string in it cannot drive the terminal.
"""
import functools
import os
import signal
import sys
import traceback

from clampbench_scripts.common.escape import terminal_text
from clampbench_scripts.common.interpreter import advice, missing_dependency
from clampbench_scripts.common.output import OutputError
from clampbench_scripts.common.results import InputError

EXIT_BAD_INPUT = 2
EXIT_IO_ERROR = 3  # also an internal error
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


class Terminated(BaseException):
    """SIGTERM, raised where the script was so that its finally blocks run (exit 143)."""


def _raise_terminated(signum, frame):
    raise Terminated()


def exit_on_sigterm():
    """From now on SIGTERM unwinds the script like Ctrl-C (cleanups run) and exits 143."""
    signal.signal(signal.SIGTERM, _raise_terminated)


def say(prog, message):
    """PROG: MESSAGE on stderr, one line with its controls escaped (cli_parser.py's too)."""
    if sys.stderr is None:
        return  # stderr closed: the exit code still tells
    try:
        print(terminal_text(f"{prog}: {message}"), file=sys.stderr)
    except (OSError, ValueError):
        pass  # stderr itself is gone: the exit code still tells


def _silence_stdout():
    """After a broken pipe on stdout, point it at /dev/null so that the interpreter's final
    flush does not print a second error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def guarded(prog):
    """Decorator of a main(argv): maps the errors above to their exit code and one line."""
    def wrap(main):
        @functools.wraps(main)
        def run(*args, **kwargs):
            try:
                return main(*args, **kwargs)
            except (InputError, OutputError) as e:
                say(prog, str(e))
                return EXIT_BAD_INPUT
            except KeyboardInterrupt:
                say(prog, "interrupted")
                return EXIT_INTERRUPTED
            except Terminated:
                say(prog, "terminated")
                return EXIT_TERMINATED
            except UnicodeEncodeError as e:
                _silence_stdout()
                say(prog, f"cannot write the output: {e.object[e.start:e.end]!r} is not in the output's "
                          f"encoding {e.encoding} (write it with -o FILE, or set PYTHONIOENCODING=utf-8)")
                return EXIT_IO_ERROR
            except OSError as e:
                if isinstance(e, BrokenPipeError):
                    _silence_stdout()
                where = f"{e.filename}: " if e.filename else ""
                say(prog, f"I/O error: {where}{e.strerror or e}")
                return EXIT_IO_ERROR
            except Exception as e:  # noqa: BLE001 -- the last resort: a bug, not a regression
                if missing_dependency(e):  # a lazy import of a dependency (torch, triton)
                    say(prog, advice(missing_dependency(e)))
                    return EXIT_BAD_INPUT
                say(prog, f"internal error (a bug): {type(e).__name__}: {e}")
                traceback.print_exc()
                return EXIT_IO_ERROR
        return run
    return wrap
