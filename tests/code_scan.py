"""Find every diagnostic code the package can emit, by reading its source (AST).

Codes reach a :class:`~wmdata.diagnostics.Diagnostic` along many roads: straight into
``Diagnostic(...)``, through helpers such as ``_error(path, "code", ...)`` or
``self.problem(pick, "code", ...)``, through value classes such as
``YamlProblem(line, col, "code", ...)``, as ``code=...`` keywords, and as the first item
of a ``(code, message, hint)`` tuple a function returns.  Rather than list those roads
by hand, the scan learns them from the source:

1. every function, method or class (dataclass fields, ``__init__``) with a parameter or
   field named ``code`` is a *code taker*, with the position of that parameter;
2. in every call of a code taker, the argument in that position (or the ``code=``
   keyword) is a code, as is the value of any ``"code"`` key in a dict literal;
3. where a tuple assignment has a target named ``code`` and its value is a call of a
   package function, the matching item of that function's returned tuples is a code.

A code argument is read as a string constant, both branches of a conditional, or a
pattern when it is an f-string (``f"pair-{key}"`` becomes ``pair-*``).  Anything else
(a variable passed along) is a relay, not a source, and is skipped.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

CODE_SHAPE = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9*]+)*$")


@dataclass
class Emitted:
    """What the scan found: literal codes and f-string patterns, each with one place it occurs."""

    codes: dict[str, str] = field(default_factory=dict)
    patterns: dict[str, str] = field(default_factory=dict)

    def pattern_matches(self, code: str) -> bool:
        return any(re.fullmatch(p.replace("*", "[a-z0-9-]+"), code) for p in self.patterns)


def _code_position(args: ast.arguments) -> int | None:
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    if positional and positional[0] in ("self", "cls"):
        positional = positional[1:]
    return positional.index("code") if "code" in positional else None


def _class_code_position(node: ast.ClassDef) -> int | None:
    fields = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
              and "ClassVar" not in ast.unparse(s.annotation)]
    if "code" in fields:
        return fields.index("code")
    for statement in node.body:
        if isinstance(statement, ast.FunctionDef) and statement.name == "__init__":
            return _code_position(statement.args)
    return None


def _callee(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _values(node: ast.expr) -> Iterator[tuple[str, bool]]:
    """(text, is_pattern) for each code ``node`` can evaluate to."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value, False
    elif isinstance(node, ast.IfExp):
        yield from _values(node.body)
        yield from _values(node.orelse)
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value if isinstance(v, ast.Constant) else "*" for v in node.values)
        yield text, True


def _tuple_returns(function: ast.FunctionDef, index: int) -> Iterator[ast.expr]:
    for node in ast.walk(function):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and len(node.value.elts) > index:
            yield node.value.elts[index]


@dataclass(frozen=True)
class _Taker:
    """A callable that takes a code at ``position``; ``scope`` is the function a nested one lives in."""

    name: str
    position: int
    scope: ast.FunctionDef | None


class _Scanner:
    def __init__(self, trees: dict[str, ast.Module]) -> None:
        self.trees = trees
        self.parents: dict[ast.AST, ast.AST] = {}
        for tree in trees.values():
            for parent in ast.walk(tree):
                for child in ast.iter_child_nodes(parent):
                    self.parents[child] = parent
        self.functions: dict[str, list[ast.FunctionDef]] = {}
        self.takers: set[_Taker] = set()
        candidates: list[tuple[ast.FunctionDef, int]] = []
        for tree in trees.values():
            for node in ast.walk(tree):
                if isinstance(node, ast.ClassDef) and (position := _class_code_position(node)) is not None:
                    self.takers.add(_Taker(node.name, position, None))
                elif isinstance(node, ast.FunctionDef):
                    self.functions.setdefault(node.name, []).append(node)
                    if (position := _code_position(node.args)) is not None and node.name != "__init__":
                        candidates.append((node, position))
        # A function is a taker when it passes its ``code`` parameter on to a taker (to a fixed point):
        # ``sharecode.decode(code)`` takes a share code, not a diagnostic code, and passes it nowhere.
        changed = True
        while changed:
            changed = False
            for function, position in candidates:
                taker = _Taker(function.name, position, self._enclosing(function))
                if taker not in self.takers and any(
                        isinstance(arg, ast.Name) and arg.id == "code" for arg in self._code_arguments(function)):
                    self.takers.add(taker)
                    changed = True

    def _enclosing(self, node: ast.AST) -> ast.FunctionDef | None:
        parent = self.parents.get(node)
        while parent is not None and not isinstance(parent, ast.FunctionDef):
            parent = self.parents.get(parent)
        return parent

    def _visible(self, call: ast.Call, taker: _Taker) -> bool:
        if taker.scope is None:
            return True
        node: ast.AST | None = call
        while node is not None:
            if node is taker.scope:
                return True
            node = self.parents.get(node)
        return False

    def _code_arguments(self, root: ast.AST) -> Iterator[ast.expr]:
        """Every expression under ``root`` that lands in a code position."""
        for node in ast.walk(root):
            if isinstance(node, ast.Call):
                yield from (k.value for k in node.keywords if k.arg == "code")
                for taker in self.takers:
                    if taker.name == _callee(node) and self._visible(node, taker) and taker.position < len(
                            node.args) and not any(isinstance(a, ast.Starred) for a in node.args[: taker.position + 1]):
                        yield node.args[taker.position]
            elif isinstance(node, ast.Dict):
                yield from (v for k, v in zip(node.keys, node.values, strict=True)
                            if isinstance(k, ast.Constant) and k.value == "code")
            elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
                for target in node.targets:
                    names = [t.id if isinstance(t, ast.Name) else "" for t in getattr(target, "elts", [])]
                    if "code" in names:
                        for function in self.functions.get(_callee(node.value) or "", []):
                            yield from _tuple_returns(function, names.index("code"))

    def emitted(self) -> Emitted:
        found = Emitted()
        for name, tree in self.trees.items():
            for node in self._code_arguments(tree):
                for text, is_pattern in _values(node):
                    if CODE_SHAPE.match(text):
                        (found.patterns if is_pattern else found.codes).setdefault(text, f"{name}:{node.lineno}")
        return found


def scan(package: Path) -> Emitted:
    """The codes the Python files under ``package`` can emit."""
    trees = {path.relative_to(package.parent).as_posix(): ast.parse(path.read_text(encoding="utf-8"))
             for path in sorted(package.rglob("*.py"))}
    return _Scanner(trees).emitted()
