"""Build a string that matches a regular expression, for `pattern` keywords.

Walks Python's parse tree of the pattern (JSON Schema patterns are ECMA-262,
which shares the common shapes: classes, quantifiers, groups, alternation,
anchors). Lookarounds and backreferences are approximated; the caller always
checks the result with `re.search`, so an approximation can only cost a
candidate, never produce a wrong "valid" case.
"""

from __future__ import annotations

import random
import re
from typing import Any, Final

try:  # Python 3.11+: the parser moved to re._parser (sre_parse warns on import).
    import re._constants as sre_c  # type: ignore[import-not-found,unused-ignore]
    import re._parser as sre_parse  # type: ignore[import-not-found,unused-ignore]
except ImportError:  # pragma: no cover - older layouts
    import sre_constants as sre_c  # type: ignore[no-redef,unused-ignore]
    import sre_parse  # type: ignore[no-redef,unused-ignore]

_POOL: Final = "aA0 _-.b1"
"""Characters tried, in order, when a class is negated or for `.`."""

_CATEGORY_SAMPLES: Final = {
    "CATEGORY_DIGIT": "1234567890",
    "CATEGORY_NOT_DIGIT": "abcdefghij",
    "CATEGORY_WORD": "abcdefghij",
    "CATEGORY_NOT_WORD": "-.:,;",
    "CATEGORY_SPACE": " ",
    "CATEGORY_NOT_SPACE": "abcdefghij",
}
"""Members tried for `\\d`, `\\w`, ...: the first without a seed, a seeded pick otherwise."""


class Unsupported(Exception):
    """The pattern uses a construct this generator does not handle."""


def generate(pattern: str, *, repeat: int = 0, rng: random.Random | None = None) -> str:
    """A string matching `pattern`; `repeat` adds that many extra repetitions to open quantifiers.

    With `rng` the generator picks class members and alternatives at random
    (seeded, so still deterministic); without it, the first choice each time.
    Raises Unsupported when the pattern cannot be parsed or handled.
    """
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, OverflowError, RecursionError) as exc:
        raise Unsupported(f"pattern does not parse: {exc}") from exc
    groups: dict[int, str] = {}
    return _emit(list(parsed), repeat, rng, groups, 0)


def _emit(
    items: list[Any], repeat: int, rng: random.Random | None, groups: dict[int, str], depth: int
) -> str:
    if depth > 50:
        raise Unsupported("pattern nests too deeply")
    out: list[str] = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            out.append(chr(arg))
        elif name == "NOT_LITERAL":
            out.append(next(ch for ch in _POOL if ord(ch) != arg))
        elif name == "ANY":
            out.append("a")
        elif name == "IN":
            out.append(_pick_in(arg, rng))
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            low, high, sub = arg
            count = _count(low, high, repeat)
            out.extend(_emit(list(sub), repeat, rng, groups, depth + 1) for _ in range(count))
        elif name == "SUBPATTERN":
            group, _add, _del, sub = arg
            text = _emit(list(sub), repeat, rng, groups, depth + 1)
            if group is not None:
                groups[group] = text
            out.append(text)
        elif name == "ATOMIC_GROUP":
            out.append(_emit(list(arg), repeat, rng, groups, depth + 1))
        elif name == "BRANCH":
            alternatives = arg[1]
            choice = rng.randrange(len(alternatives)) if rng else 0
            out.append(_emit(list(alternatives[choice]), repeat, rng, groups, depth + 1))
        elif name == "GROUPREF":
            out.append(groups.get(arg, ""))
        elif name in ("AT", "ASSERT", "ASSERT_NOT"):
            continue  # anchors and lookarounds consume nothing; re.search checks them later
        elif name == "CATEGORY":
            members = _CATEGORY_SAMPLES.get(str(arg), "a")
            out.append(rng.choice(members) if rng else members[0])
        else:
            raise Unsupported(f"pattern construct {name} is not supported")
    return "".join(out)


def _count(low: int, high: int, repeat: int) -> int:
    maxrepeat = int(sre_c.MAXREPEAT)
    upper = high if high != maxrepeat else low + repeat + 1
    wanted = max(low, 1 if low == 0 and repeat > 0 else low) + repeat
    return max(low, min(upper, wanted))


def _pick_in(items: list[Any], rng: random.Random | None) -> str:
    negated = bool(items) and str(items[0][0]) == "NEGATE"
    if negated:
        for ch in _POOL:
            if not _in_class(ch, items[1:]):
                return ch
        raise Unsupported("negated class excludes every sample character")
    choices: list[str] = []
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            choices.append(chr(arg))
        elif name == "RANGE":
            low, high = arg
            choices.extend(chr(code) for code in range(low, min(high, low + 25) + 1))
        elif name == "CATEGORY":
            choices.extend(_CATEGORY_SAMPLES.get(str(arg), "a"))
    if not choices:
        raise Unsupported("empty character class")
    return rng.choice(choices) if rng else choices[0]


def _in_class(ch: str, items: list[Any]) -> bool:
    code = ord(ch)
    for op, arg in items:
        name = str(op)
        if name == "LITERAL" and arg == code:
            return True
        if name == "RANGE" and arg[0] <= code <= arg[1]:
            return True
        if name == "CATEGORY":
            sample_class = {
                "CATEGORY_DIGIT": ch.isdigit(),
                "CATEGORY_NOT_DIGIT": not ch.isdigit(),
                "CATEGORY_WORD": ch.isalnum() or ch == "_",
                "CATEGORY_NOT_WORD": not (ch.isalnum() or ch == "_"),
                "CATEGORY_SPACE": ch.isspace(),
                "CATEGORY_NOT_SPACE": not ch.isspace(),
            }
            if sample_class.get(str(arg), False):
                return True
    return False


def matches(pattern: str, text: str) -> bool:
    """JSON Schema `pattern` semantics: an unanchored search; a bad pattern, or one that
    could backtrack for minutes (mcpvcr.safe_regex), matches nothing."""
    from mcpvcr.safe_regex import search

    return bool(search(pattern, text))
