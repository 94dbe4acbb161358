"""Identifiers (tool and parameter names) as words, one definition for every module (pure).

`words("createEntity_v2")` -> `["create", "entity", "v2"]` for matching names against
word lists (the fuzz planner's order and hints); `spaced("sideNote")` -> `"side Note"`
for reading a name as prose (the scanner), case kept.
"""

from __future__ import annotations

import re
from typing import Final

_CAMEL: Final = re.compile(r"([a-z0-9])([A-Z])")
_NOT_ALNUM: Final = re.compile(r"[^A-Za-z0-9]+")
_SEPARATORS: Final = re.compile(r"[_\-.]+|(?<=[a-z])(?=[A-Z])")


def words(name: str) -> list[str]:
    """Lower-case words of an identifier: `add_observations`, `createEntity`, `git-log`."""
    return [w.lower() for w in _NOT_ALNUM.split(_CAMEL.sub(r"\1 \2", name)) if w]


def spaced(name: str) -> str:
    """The name with `_`, `-`, `.` and camelCase boundaries turned into spaces (case kept)."""
    return _SEPARATORS.sub(" ", name)
