# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Finding the next site: every in-place write (writes.py) in vLLM's metadata code (scope.py),
its class for a reviewer (a hazard, unknown or fresh: dataflow.py), the clampbench suite that
covers it (from the upstream check's site table, sites/registry.py: a site whose `locate`
holds the line) and whether it is new since another release (since.py)."""
import ast
import re
from dataclasses import asdict, dataclass
from typing import List, Optional

from ..vllm_code.extract import ExtractError
from .dataflow import CLASS_OF_REACH, CLASSES, HAZARD
from .reasons import reason_for
from .returns import MethodReturns
from .scope import called_names, scope
from .writes import analyse


@dataclass
class Finding:
    file: str
    line: int
    function: str  # qualified: Class.method, function, factory.<locals>.Builder.build
    op: str
    receiver: str
    reach: str  # "alias": the origin's own memory; "derived": a tensor computed from it;
    # "unknown": what a call that may hand back its input returned
    origin: str  # "cm.block_table_tensor", "argument positions", "self.positions"
    # "hazard" (reach alias: memory another reader holds), "unknown", "fresh" (reach derived)
    write_class: str
    covered_by: Optional[str] = None  # the clampbench suite whose site holds this line
    new: Optional[bool] = None  # with --since: absent from that release
    statement: str = ""  # the statement holding the write, as ast.unparse spells it
    moved_from: Optional[str] = None  # with --since: the function of that release that had it
    through: str = ""  # an unknown reach: what the tensor came out of ("self.build()", "global BUF")
    reason: Optional[str] = None  # why no suite needs to cover it (reasons.py), for a hazard

    def as_json(self):
        """The finding as JSON, its class under "class"."""
        out = asdict(self)
        out["class"] = out.pop("write_class")
        return out


def by_class(findings):
    """FINDINGS, the hazards first, then the unknown, then the fresh ones (each in scan order)."""
    return sorted(findings, key=lambda f: CLASSES.index(f.write_class))


ROLE_WORDS = re.compile(r"Builder|Proposer|Speculator|Drafter")


def _parse(source, relpath, modules, problems):
    try:
        modules[relpath] = ast.parse(source.read(relpath))
    except SyntaxError as exc:
        problems.append((relpath, f"{relpath}:{exc.lineno}: does not parse ({exc.msg})"))
    except (UnicodeDecodeError, ValueError) as exc:
        problems.append((relpath, f"{relpath}: cannot be read ({type(exc).__name__})"))


def parse_tree(source):
    """({relpath: ast.Module}, [(relpath, one-line problem)]) for the files metadata code can be
    in: those naming a builder, proposer, speculator or drafter (or in a spec_decode/
    directory), then, until none is added, those defining a function such code calls. Parsing
    only these keeps a scan of a whole release to seconds."""
    texts = {}
    for relpath in source.python_files():
        try:
            texts[relpath] = source.read(relpath)
        except (UnicodeDecodeError, ValueError):
            texts[relpath] = None
    modules, problems = {}, []
    for relpath, text in texts.items():
        if text is None:
            problems.append((relpath, f"{relpath}: cannot be read (not UTF-8 text)"))
        elif "/spec_decode/" in relpath or ROLE_WORDS.search(text):
            _parse(source, relpath, modules, problems)
    seen = set()
    while True:
        wanted = {name for _, f in scope(modules) for name in called_names(f.node)} - seen
        if not wanted:
            return modules, problems
        seen |= wanted
        pattern = re.compile(r"^def (%s)\(" % "|".join(map(re.escape, sorted(wanted))), re.M)
        for relpath, text in texts.items():
            if text is not None and relpath not in modules and pattern.search(text) \
                    and relpath not in {p for p, _ in problems}:
                _parse(source, relpath, modules, problems)


def coverage(release, sites):
    """{relpath: [(first line, last line, site)]}: the code each clampbench site locates here
    (a site is named by its suite, or by its own name where it runs a suite's inputs through
    another model's code)."""
    spans = {}
    for site in sites.values():
        try:
            module, nodes = site.locate(release)
        except ExtractError:
            continue
        for node in nodes:
            spans.setdefault(module.relpath, []).append((node.lineno, node.end_lineno, site.key))
    return spans


def _outer_names(node, enclosing, memo):
    """The names the function NODE sees from the functions ENCLOSING it, as bound where it is
    defined (None at module level)."""
    if not enclosing:
        return None
    parent = enclosing[-1]
    if id(parent) not in memo:
        memo[id(parent)] = analyse(parent, _outer_names(parent, enclosing[:-1], memo))[1]
    return memo[id(parent)].get(id(node))


def scan(release, sites, modules) -> List[Finding]:
    spans = coverage(release, sites)
    findings, memo, returns = [], {}, MethodReturns(modules)
    for relpath, function in scope(modules):
        outer = _outer_names(function.node, function.enclosing, memo)
        for w in analyse(function.node, outer, returns.for_class(function.cls))[0]:
            covered = next((suite for first, last, suite in spans.get(relpath, []) if first <= w.line <= last), None)
            write_class = CLASS_OF_REACH[w.origin.reach]
            reason = reason_for(relpath, function.qualname, w.op, w.receiver) if write_class == HAZARD else None
            findings.append(Finding(relpath, w.line, function.qualname, w.op, w.receiver, w.origin.reach,
                                    w.origin.what, write_class, covered,
                                    statement=w.statement, through=w.origin.through, reason=reason))
    return findings
