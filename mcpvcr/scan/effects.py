"""Where the effect and place families of `lexicon_effects` occur in one folded text.

Two groups, by the text they search: commands, environment variable names and turn
markers are read in the text with its code spans (a payload sits in backticks); the
prose families in the masked copy (a quoted example is data, not an order). Each group
is one `PatternGroup`, so a large cassette's texts are sifted by an RE2 Set first.

Most model-visible text is plain ASCII. It is searched by narrow groups: each family
without its alternatives that need a character beyond ASCII in every match (decided
on `re`'s own parse of the alternative, `beyond_ascii`), which can never match there
and cost a try at every position. The full groups are built when other text comes.
"""

from __future__ import annotations

import hashlib
import re
from functools import cache, lru_cache
from pathlib import Path
from re import _constants as _op  # `re`'s own parser
from re import _parser as _re_parser
from typing import Any, Final

from mcpvcr import linear_re
from mcpvcr.disk_cache import Table, code_table
from mcpvcr.pattern_group import PatternGroup
from mcpvcr.scan.lexicon_covert import COVERT
from mcpvcr.scan.lexicon_data import DATA
from mcpvcr.scan.lexicon_effects import EFFECTS
from mcpvcr.shipped import Shipped

Span = tuple[int, int]

_IN_CODE: Final = (
    # read with their code spans: a command or a config flag sits in backticks
    "destroy_cmd",
    "env_secret",
    "fake_turn",
    "payload_code",
    "host_change",
    "quiet_flag",
    "hostile_cmd",
    "sql_destroy",
    "only_quote",
)
_FAMILIES: Final = {**EFFECTS, **DATA, **COVERT}
_IN_PROSE: Final = tuple(name for name in _FAMILIES if name not in _IN_CODE)
_FLAGS: Final = re.I | re.M
_HERE: Final = Path(__file__).resolve()
SHIPPED: Final = Shipped(
    _HERE.with_name("effect_branches.json"), (_HERE, _HERE.parents[1] / "linear_syntax.py")
)
"""The ASCII branch lists of the families, shipped with the package (`mcpvcr.shipped`)."""
MAX_MATCHES: Final = 200
"""Matches of one family that count per text: evidence enough, bounded on hostile text."""
ASCII_FOLDS: Final = frozenset({0x130, 0x131, 0x17F, 0x212A})
"""The characters beyond ASCII that match an ASCII letter when case is ignored (in `re`
or RE2): dotted and dotless i, long s and the Kelvin sign (as tests/scan finds them)."""


def branches(name: str, wide: bool) -> list[str]:
    """A family's top-level alternatives; without `wide`, only those ASCII text can match
    (shipped, or remembered between runs: splitting and parsing a family takes milliseconds)."""
    if wide:
        return linear_re.branches(_whole(name))
    key = _key(name)
    for table in (SHIPPED, _table()):
        stored = table.get(key) if table is not None else None
        if isinstance(stored, list) and all(isinstance(b, str) for b in stored):
            return stored
    _, found = narrow_branches(name)
    if (table := _table()) is not None:
        table.put(key, found)
    return found


def narrow_branches(name: str) -> tuple[str, list[str]]:
    """A family's key and the alternatives ASCII text can match (worked out, never stored)."""
    return _key(name), [b for b in linear_re.branches(_whole(name)) if not beyond_ascii(b)]


def _key(name: str) -> str:
    return hashlib.sha256(_whole(name).encode("utf-8")).hexdigest()


def family(name: str, wide: bool) -> linear_re.Pattern:
    """One family's alternation (for ASCII text only, without `wide`)."""
    if wide:
        return linear_re.compile(_whole(name), _FLAGS)
    return linear_re.compile("|".join(f"(?:{b})" for b in branches(name, wide)), _FLAGS)


def _whole(name: str) -> str:
    return "|".join(f"(?:{p})" for p in _FAMILIES[name])


@cache
def _table() -> Table | None:
    here = Path(__file__).resolve()
    return code_table("effect-branches", [here, here.parents[1] / "linear_syntax.py"])


@lru_cache(maxsize=4)
def _group(names: tuple[str, ...], wide: bool) -> PatternGroup:
    return PatternGroup({name: family(name, wide) for name in names})


def effect_spans(text: str, masked: str) -> dict[str, list[Span]]:
    """Every effect family's spans: code-level ones in `text`, prose ones in `masked`."""
    found = _group(_IN_CODE, not text.isascii()).spans(text, MAX_MATCHES)
    found.update(_group(_IN_PROSE, not masked.isascii()).spans(masked, MAX_MATCHES))
    return found


def beyond_ascii(pattern: str) -> bool:
    """Every match of `pattern` (with re.I) holds a character beyond ASCII, so it never
    matches ASCII text; False when in doubt (a class, a category, a pattern `re` rejects)."""
    if pattern.isascii():
        return False
    try:
        return _needs(_re_parser.parse(pattern, _FLAGS))
    except (re.error, RecursionError):
        return False


def _needs(items: Any) -> bool:
    return any(_item_needs(op, av) for op, av in items)


def _item_needs(op: Any, av: Any) -> bool:
    if op is _op.LITERAL:
        return _wide(av, av)
    if op is _op.IN:
        return all(
            (kind is _op.LITERAL and _wide(value, value)) or (kind is _op.RANGE and _wide(*value))
            for kind, value in av
        )
    if op is _op.SUBPATTERN:
        return _needs(av[-1])
    if op is _op.BRANCH:
        return all(_needs(branch) for branch in av[1])
    if op in (_op.MAX_REPEAT, _op.MIN_REPEAT, _op.POSSESSIVE_REPEAT):
        return bool(av[0] >= 1 and _needs(av[2]))
    if op is _op.ATOMIC_GROUP:
        return _needs(av)
    return False


def _wide(low: int, high: int) -> bool:
    """No character of low..high is ASCII or matches one when case is ignored."""
    return low > 0x7F and not any(low <= code <= high for code in ASCII_FOLDS)
