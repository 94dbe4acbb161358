"""Which regular expressions from a server may be run at all (pure).

A server chooses the `pattern` keywords of its schemas, and Python's `re`
backtracks: `^(a+)+$` against 34 characters runs for minutes, holding the GIL,
so neither a thread nor asyncio can stop it, and `record --fuzz --timeout 1`
blew through its documented run bound. A pattern that can backtrack
catastrophically is therefore not run: validation treats its keyword as not
evaluated (no violation claimed either way).

Refused: a repetition inside another unbounded repetition with nothing to
separate the iterations (`(a+)+`, `(\\w+\\s?)*`, `(x+x+)+y`), and an unbounded
repetition of alternatives that can start with the same character
(`(a|ab)*c`). Both are the shapes behind exponential backtracking. A nested
repetition whose body has a required character the inner repetitions cannot
match (`^[a-z0-9-]+(\\.[a-z]+)*$`: the dot) is delimited, so it runs.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable
from typing import Any, Final

_parser: Any = importlib.import_module("re._parser")  # the parser `re` itself uses (3.11+)
_MAXREPEAT: Any = importlib.import_module("re._constants").MAXREPEAT

BIG_REPEAT: Final = 32
"""A bounded repetition this long backtracks like an unbounded one."""


@functools.lru_cache(maxsize=4096)
def backtracks_catastrophically(pattern: str) -> bool:
    """True when running `pattern` may take exponential time on a short input."""
    try:
        tree = _parser.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError, TypeError):
        return False  # it does not compile: the caller's own error handling applies
    try:
        return _risky(list(tree))
    except RecursionError:
        return True


def _risky(items: list[Any]) -> bool:
    for op, arg in items:
        name = str(op)
        if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, body = arg
            unbounded = high is _MAXREPEAT or high - low > BIG_REPEAT
            if unbounded and name != "POSSESSIVE_REPEAT":
                nested = _has_repeat(list(body)) and not _delimited(list(body))
                if nested or _overlapping_branch(list(body)):
                    return True
            if _risky(list(body)):
                return True
        elif name == "SUBPATTERN":
            if _risky(list(arg[-1])):
                return True
        elif name == "BRANCH":
            if any(_risky(list(alt)) for alt in arg[1]):
                return True
        elif name in ("ASSERT", "ASSERT_NOT") and _risky(list(arg[1])):
            return True
    return False


def _has_repeat(items: list[Any]) -> bool:
    for op, arg in items:
        name = str(op)
        if name in ("MAX_REPEAT", "MIN_REPEAT"):
            high = arg[1]
            if high is _MAXREPEAT or high > 1:
                return True
        elif (name == "SUBPATTERN" and _has_repeat(list(arg[-1]))) or (
            name == "BRANCH" and any(_has_repeat(list(alt)) for alt in arg[1])
        ):
            return True
    return False


def _overlapping_branch(items: list[Any]) -> bool:
    """An alternation whose branches can begin with the same character."""
    for op, arg in items:
        name = str(op)
        if name == "SUBPATTERN" and _overlapping_branch(list(arg[-1])):
            return True
        if name == "BRANCH":
            firsts = [_first(list(alt)) for alt in arg[1]]
            for i, left in enumerate(firsts):
                for right in firsts[i + 1 :]:
                    if left is None or right is None or left & right:
                        return True
    return False


def _delimited(items: list[Any]) -> bool:
    """The sequence has a required literal that no repetition in it can match, so
    each iteration of an enclosing repetition is pinned to where that literal is."""
    flat = _flatten(items)
    singles = [arg for op, arg in flat if str(op) == "LITERAL"]
    repeated = [body for op, body in flat if str(op) == "REPEAT_BODY"]
    return any(
        not any(_can_match(element, code) for body in repeated for element in body)
        for code in singles
    )


def _flatten(items: list[Any]) -> list[tuple[str, Any]]:
    """Required single literals (not under a repeat or branch) and repeat bodies, in order."""
    out: list[tuple[str, Any]] = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.append(("LITERAL", arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            out.append(("REPEAT_BODY", _elements(list(arg[2]))))
        elif name == "SUBPATTERN":
            out.extend(_flatten(list(arg[-1])))
        elif name == "BRANCH":
            for alt in arg[1]:
                out.extend(("REPEAT_BODY", [e]) for e in _elements(list(alt)))
    return out


def _elements(items: list[Any]) -> list[Any]:
    """Every single-character matcher under `items`."""
    out: list[Any] = []
    for op, arg in items:
        name = str(op)
        if name in ("LITERAL", "NOT_LITERAL", "ANY", "IN"):
            out.append((name, arg))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            out.extend(_elements(list(arg[2])))
        elif name == "SUBPATTERN":
            out.extend(_elements(list(arg[-1])))
        elif name == "BRANCH":
            for alt in arg[1]:
                out.extend(_elements(list(alt)))
        else:
            out.append(("ANY", None))  # anything else: assume it can match
    return out


_CATEGORY_TESTS: Final[dict[str, Callable[[str], bool]]] = {
    "CATEGORY_DIGIT": str.isdigit,
    "CATEGORY_NOT_DIGIT": lambda c: not c.isdigit(),
    "CATEGORY_WORD": lambda c: c.isalnum() or c == "_",
    "CATEGORY_NOT_WORD": lambda c: not (c.isalnum() or c == "_"),
    "CATEGORY_SPACE": str.isspace,
    "CATEGORY_NOT_SPACE": lambda c: not c.isspace(),
}


def _can_match(element: Any, code: int) -> bool:
    name, arg = element
    if name == "LITERAL":
        return bool(arg == code)
    if name == "NOT_LITERAL":
        return bool(arg != code)
    if name == "IN":
        hit, negate = False, False
        for op, value in arg:
            kind = str(op)
            if kind == "NEGATE":
                negate = True
            elif kind == "LITERAL":
                hit = hit or value == code
            elif kind == "RANGE":
                hit = hit or value[0] <= code <= value[1]
            elif kind == "CATEGORY":
                test = _CATEGORY_TESTS.get(str(value))
                hit = hit or test is None or bool(test(chr(code)))
            else:
                hit = True
        return hit != negate
    return True


def _first(items: list[Any]) -> set[int] | None:
    """The literal code points a branch can start with; None when it could be anything."""
    if not items:
        return None
    op, arg = items[0]
    name = str(op)
    if name == "LITERAL":
        return {arg}
    if name == "SUBPATTERN":
        return _first(list(arg[-1]))
    return None


def search(pattern: str, text: str) -> bool | None:
    """`re.search` semantics; None when the pattern is not run (refused or invalid)."""
    if backtracks_catastrophically(pattern):
        return None
    try:
        return re.search(pattern, text) is not None
    except (re.error, RecursionError):
        return None
