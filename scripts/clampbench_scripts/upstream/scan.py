# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""Finding the next site: every in-place write (inplace.writes) in vLLM's metadata code, with
the clampbench suite that covers it (from the site table, sites.SITES) and whether it is new
since another release.

Metadata code: the methods of metadata builders (a class named *Builder, or deriving from
one), of spec-decode proposers and speculators (*Proposer, *Speculator, *Drafter, and every
class of a spec_decode/ directory), except __init__ (it runs once, before anything is
shared); and the module-level functions those methods call by name, transitively. Triton
kernels (@triton.jit) are not torch code and are skipped."""
import ast
import re
from dataclasses import asdict, dataclass
from typing import List, Optional

from .extract import ExtractError
from .inplace import writes

CLASS_ROLE = re.compile(r"(Builder|Proposer|Speculator|Drafter)$")


@dataclass
class Finding:
    file: str
    line: int
    function: str  # Class.method or function
    op: str
    receiver: str
    reach: str  # "alias": the origin's own memory; "derived": a tensor computed from it
    origin: str  # "cm.block_table_tensor", "argument positions", "self.positions"
    covered_by: Optional[str] = None  # the clampbench suite whose site holds this line
    new: Optional[bool] = None  # with --since: absent from that release

    def key(self):
        """What stays when a release moves lines about or renames the class: the method's own
        name, the op, the tensor as spelt and its origin."""
        return self.function.rpartition(".")[2], self.op, self.receiver, self.origin

    def as_json(self):
        return asdict(self)


def _is_triton_kernel(fn):
    return any("jit" in ast.unparse(d) for d in fn.decorator_list)


def _in_scope_class(cls: ast.ClassDef, relpath: str):
    bases = [ast.unparse(b) for b in cls.bases]
    return bool(CLASS_ROLE.search(cls.name) or any(re.search(r"Builder\b", b) for b in bases)
                or "/spec_decode/" in relpath)


def _functions(tree):
    """[(qualname, FunctionDef, class or None)] at the top of a module and in its classes."""
    out = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.append((node.name, node, None))
        elif isinstance(node, ast.ClassDef):
            out.extend((f"{node.name}.{f.name}", f, node) for f in node.body
                       if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)))
    return out


def _called_names(fn):
    return {n.func.id if isinstance(n.func, ast.Name) else n.func.attr
            for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))}


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
        wanted = {name for _, _, fn in scope(modules) for name in _called_names(fn)} - seen
        if not wanted:
            return modules, problems
        seen |= wanted
        pattern = re.compile(r"^def (%s)\(" % "|".join(map(re.escape, sorted(wanted))), re.M)
        for relpath, text in texts.items():
            if text is not None and relpath not in modules and pattern.search(text) \
                    and relpath not in {p for p, _ in problems}:
                _parse(source, relpath, modules, problems)


def scope(modules):
    """[(relpath, qualname, FunctionDef)] of the metadata code of the parsed tree."""
    chosen, functions_by_name = {}, {}
    for relpath, tree in modules.items():
        for qualname, fn, cls in _functions(tree):
            if _is_triton_kernel(fn):
                continue
            if cls is None:
                functions_by_name.setdefault(fn.name, []).append((relpath, qualname, fn))
            elif fn.name != "__init__" and _in_scope_class(cls, relpath):
                chosen[(relpath, qualname)] = fn
    todo = list(chosen.values())
    while todo:
        for name in _called_names(todo.pop()):
            for relpath, qualname, fn in functions_by_name.get(name, []):
                if (relpath, qualname) not in chosen:
                    chosen[(relpath, qualname)] = fn
                    todo.append(fn)
    return [(relpath, qualname, fn) for (relpath, qualname), fn in sorted(chosen.items())]


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


def scan(release, sites, modules) -> List[Finding]:
    spans = coverage(release, sites)
    findings = []
    for relpath, qualname, fn in scope(modules):
        for w in writes(fn):
            covered = next((suite for first, last, suite in spans.get(relpath, []) if first <= w.line <= last), None)
            findings.append(Finding(relpath, w.line, qualname, w.op, w.receiver, w.origin.reach,
                                    w.origin.what, covered))
    return findings


def mark_new(findings, base_findings, head_files):
    """A finding is new unless the base release has it (Finding.key) in the same file, or in a
    file the head tree no longer has (moved): a copy into a new file beside the old one (a new
    model's builder) is new."""
    old = {}
    for f in base_findings:
        old.setdefault(f.key(), set()).add(f.file)
    for f in findings:
        files = old.get(f.key(), set())
        f.new = not (f.file in files or any(other not in head_files for other in files))
