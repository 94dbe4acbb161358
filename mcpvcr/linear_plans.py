"""RE2 translations of `re` patterns, remembered between runs (pure but for the cache).

`linear_re` translates each pattern it compiles from `re` syntax to RE2 syntax in
pure Python: for the scanner's long alternations (a family of a few hundred cue
phrases) that is a few milliseconds each and a few hundred in all, paid again by
every process. A translation depends only on the pattern, its flags and the
translator's code, so the long ones are kept in an authenticated `disk_cache.Table`
(see there for the trust model) named by `linear_re.py` and this file, and looked up
by the pattern and its flags. A stored plan is only a shortcut: an entry that is
missing or not what `put` wrote is translated afresh, and RE2 still compiles (and may
still refuse) every source. `MCPVCR_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Final

from mcpvcr.disk_cache import Table, code_table

MIN_CHARS: Final = 256
"""Shorter patterns translate in well under a millisecond: they are not kept."""
MAX_PLANS: Final = 1024
"""Kept plans; past this a save keeps the ones this process used."""

Plan = tuple[str, list[int], int, str, str]
"""A translation: the RE2 source, its wrapper groups, its group count, its text-start source
and its sifting source (see `linear_re._Plan`)."""


def get(pattern: str, flags: int) -> Plan | None:
    """The plan stored for `pattern` and `flags`, or None (absent, short or not well-formed)."""
    table = _table() if len(pattern) >= MIN_CHARS else None
    if table is None:
        return None
    return _checked(table.get(_key(pattern, flags)))


def put(pattern: str, flags: int, plan: Plan) -> None:
    table = _table() if len(pattern) >= MIN_CHARS else None
    if table is not None:
        table.put(_key(pattern, flags), list(plan))


@cache
def _table() -> Table | None:
    here = Path(__file__).resolve().parent
    return code_table(
        "re2-plans", [here / "linear_re.py", here / "linear_plans.py"], max_entries=MAX_PLANS
    )


def _key(pattern: str, flags: int) -> str:
    return f"{flags}:{pattern}"


def _checked(stored: Any) -> Plan | None:
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
