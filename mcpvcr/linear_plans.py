"""RE2 translations of `re` patterns, remembered between runs (pure but for the cache).

`linear_re` translates each pattern it compiles from `re` syntax to RE2 syntax in
pure Python: for the scanner's long alternations (a family of a few hundred cue
phrases) that is a few milliseconds each and a few hundred in all, paid again by
every process. A translation depends only on the pattern, its flags and the
translator's code, so the long ones are kept in an authenticated `disk_cache.Table`
(see there for the trust model) named by the translator's files (`SOURCES`), and looked up
by the pattern and its flags. A stored plan is only a shortcut: an entry that is
missing or not what `put` wrote is translated afresh, and RE2 still compiles (and may
still refuse) every source. `MCPVCR_NO_CACHE=1` turns it off.

The plans of mcpvcr's own long patterns also ship with the package (`SHIPPED`,
`linear_plans.json`, written by `python -m tests.regen shipped`), so a first run
translates none of them; the cache still serves other patterns (a schema's `pattern`).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final

from mcpvcr.disk_cache import Table, code_table
from mcpvcr.linear_translate import DIGIT, SPACE, WORD, Plan, translate
from mcpvcr.shipped import Shipped

MIN_CHARS: Final = 256
"""Shorter patterns translate in well under a millisecond: they are not kept."""
_HERE: Final = Path(__file__).resolve().parent
SOURCES: Final = tuple(
    _HERE / name
    for name in ("linear_re.py", "linear_syntax.py", "linear_translate.py", "linear_plans.py")
)
"""The files whose code makes a plan or reads one: a remembered plan is named by them."""


def engine() -> str:
    """The RE2 build a shipped plan was compiled with (its extension's name and size)."""
    from re2 import _re2

    path = Path(str(_re2.__file__))
    try:
        return f"{path.name}:{path.stat().st_size}"
    except OSError:
        return ""


SHIPPED: Final = Shipped(
    _HERE / "linear_plans.json",
    (_HERE / "linear_syntax.py", _HERE / "linear_translate.py"),
    engine,
)
"""The plans of mcpvcr's own long patterns, shipped with it (`mcpvcr.shipped`); each was
compiled by the RE2 build the file names, so on that build a pattern needs no compile to
know that RE2 runs it (on another the plans still serve, and are compiled to find out)."""
MAX_PLANS: Final = 1024
"""Kept plans; past this a save keeps the ones this process used."""

Stored = tuple[str, list[int], int, str, str]
"""A translation: the RE2 source, its wrapper groups, its group count, its text-start source
and its sifting source (see `linear_translate.Plan`)."""


def plan_of(pattern: str, flags: int) -> Plan:
    """The translation of `pattern`: shipped, remembered from an earlier run, or made (and kept)."""
    found = shipped(pattern, flags)
    if found is not None:
        plan = Plan(*found)
        plan.builds = SHIPPED.on_this_engine()  # RE2 compiled both its forms when shipped
        return plan
    stored = get(pattern, flags)
    if stored is not None:
        return Plan(*stored)
    plan = translate(pattern, flags)
    put(pattern, flags, kept(plan))
    return plan


def shipped(pattern: str, flags: int) -> Stored | None:
    """The plan shipped for `pattern` and `flags`, or None (absent, short, stale or not
    well-formed)."""
    if len(pattern) < MIN_CHARS:
        return None
    found = SHIPPED.get(_key(pattern, flags))
    if isinstance(found, list) and len(found) == 5:
        found = [_unpacked(v) if isinstance(v, str) else v for v in found]
    return _checked(found)


# The Unicode classes fill most of a source (`\w` is 300 characters): a shipped plan spells
# each as a token, a character no packed text holds otherwise (`packed` leaves such a plan out).
_TOKEN: Final = "\x01"
_SHORTHANDS: Final = {_TOKEN + "w": WORD, _TOKEN + "s": SPACE, _TOKEN + "d": DIGIT}


def packed(plan: Stored) -> list[Any] | None:
    """`plan` as shipped (its classes as tokens), or None when it cannot be packed."""
    texts = (plan[0], plan[3], plan[4])
    if any(_TOKEN in text for text in texts):
        return None
    out: list[Any] = list(plan)
    for index in (0, 3, 4):
        for token, body in _SHORTHANDS.items():
            out[index] = out[index].replace(body, token)
    return out


def _unpacked(text: str) -> str:
    if _TOKEN not in text:
        return text
    for token, body in _SHORTHANDS.items():
        text = text.replace(token, body)
    return text


def kept(plan: Plan) -> Stored:
    """What is kept of a plan (what `Plan(*stored)` takes back)."""
    return plan.source, plan.wrappers, plan.groups, plan.at_start, plan.sift


def get(pattern: str, flags: int) -> Stored | None:
    """The plan stored for `pattern` and `flags`, or None (absent, short or not well-formed)."""
    table = _table() if len(pattern) >= MIN_CHARS else None
    if table is None:
        return None
    return _checked(table.get(_key(pattern, flags)))


def put(pattern: str, flags: int, plan: Stored) -> None:
    table = _table() if len(pattern) >= MIN_CHARS else None
    if table is not None:
        table.put(_key(pattern, flags), list(plan))


@cache
def _table() -> Table | None:
    return code_table("re2-plans", list(SOURCES), max_entries=MAX_PLANS)


def _key(pattern: str, flags: int) -> str:
    return f"{flags}:{pattern}"


def _checked(stored: Any) -> Stored | None:
    """`stored` as a plan when it has the shape `put` writes, else None."""
    if not isinstance(stored, list) or len(stored) != 5:
        return None
    source, wrappers, groups, at_start, sift = stored
    if not all(isinstance(text, str) for text in (source, at_start, sift)) or not _count(groups):
        return None
    if not isinstance(wrappers, list) or not all(_count(w) and 1 <= w <= groups for w in wrappers):
        return None
    if bool(wrappers) != bool(at_start):
        return None
    return source, wrappers, groups, at_start, sift


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
