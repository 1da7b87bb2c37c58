# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""What `upstream.py scan --since X` calls new: a write of the head tree that release X does not
have in the same place.

A head write is old when X has a write, in the same file or in a file the head tree no longer
has (the file was moved), that is
  1. in a function of the same name (the last part of its qualified name: a renamed class,
     moved lines, a changed statement do not matter) with the same op, tensor as spelt and
     origin; or else
  2. in any function, with the same op, tensor, origin and statement (as ast.unparse spells
     it: comments, line breaks and spacing do not matter), and not already the match of a
     head write by rule 1: the function it is in was renamed, or the statement was moved into
     another function. Its `moved_from` names the function X had it in.
Anything else is new, a copy of an old write into a new file beside the old one (a new model's
builder) included, and so is a second copy in the same file (X's write matches one head write
by rule 2 at most)."""


def _by_function(f):
    return f.function.rpartition(".")[2], f.op, f.receiver, f.origin


def _by_statement(f):
    return f.op, f.receiver, f.origin, f.statement


def _same_place(finding, candidates, head_files):
    """CANDIDATES in FINDING's file or in a file the head tree no longer has, its file first."""
    return sorted((c for c in candidates if c.file == finding.file or c.file not in head_files),
                  key=lambda c: c.file != finding.file)


def mark_new(findings, base_findings, head_files):
    by_function, by_statement = {}, {}
    for f in base_findings:
        by_function.setdefault(_by_function(f), []).append(f)
        by_statement.setdefault(_by_statement(f), []).append(f)
    matched, unmatched = set(), []
    for f in findings:
        same = _same_place(f, by_function.get(_by_function(f), []), head_files)
        matched.update(id(c) for c in same)
        f.new, f.moved_from = not same, None
        if not same:
            unmatched.append(f)
    for f in unmatched:  # rule 2, once rule 1 has taken its matches
        moved = [c for c in _same_place(f, by_statement.get(_by_statement(f), []), head_files)
                 if id(c) not in matched]
        if moved:
            matched.add(id(moved[0]))
            f.new, f.moved_from = False, moved[0].function
