"""The result of a contract diff: classified changes, as plain frozen data."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr.diff.catalogue import CLASSES, RULES
from mcpvcr.jsonpointer import pointer as pointer  # diff modules build locations from here


class _Absent:
    """Marks a side where the value does not exist (distinct from JSON null)."""

    _instance: _Absent | None = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __reduce__(self) -> str:
        return "ABSENT"


ABSENT: Final = _Absent()
"""The value of `old` for an added thing and of `new` for a removed thing."""

CLASS_RANK: Final = {name: rank for rank, name in enumerate(CLASSES)}


@dataclass(frozen=True, kw_only=True)
class Change:
    """One classified contract change.

    `location` is a JSON pointer into the NEW contract (the old one for removals),
    e.g. `/tools/search/inputSchema/properties/q/type`. `message` says in one
    line who breaks and why. `text_diff` is the word-level diff of a rewritten
    text; `notes` call out what the new text trips (hidden instructions, ...).
    """

    rule: str
    cls: str
    location: str
    message: str
    old: Any = ABSENT
    new: Any = ABSENT
    certainty: str = "definite"
    text_diff: str | None = None
    notes: tuple[str, ...] = ()

    def sort_key(self) -> tuple[int, str, str, str]:
        return (CLASS_RANK.get(self.cls, 9), self.location, self.rule, self.message)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON form (absent sides are left out, not null)."""
        data: dict[str, Any] = {
            "rule": self.rule,
            "class": self.cls,
            "certainty": self.certainty,
            "location": self.location,
            "message": self.message,
        }
        if self.old is not ABSENT:
            data["old"] = self.old
        if self.new is not ABSENT:
            data["new"] = self.new
        if self.text_diff is not None:
            data["textDiff"] = self.text_diff
        if self.notes:
            data["notes"] = list(self.notes)
        return data


def make(
    rule_id: str,
    location: str,
    message: str,
    old: Any = ABSENT,
    new: Any = ABSENT,
    *,
    cls: str | None = None,
    certainty: str | None = None,
    text_diff: str | None = None,
    notes: Iterable[str] = (),
) -> Change:
    """Build a change for a catalogue rule, taking class and certainty from the catalogue."""
    entry = RULES[rule_id]
    return Change(
        rule=rule_id,
        cls=cls or entry.severity,
        location=location,
        message=message,
        old=old,
        new=new,
        certainty=certainty or entry.certainty,
        text_diff=text_diff,
        notes=tuple(notes),
    )


@dataclass(frozen=True, kw_only=True)
class Changes:
    """Every change between two cassettes, in a stable order (class, location, rule)."""

    changes: tuple[Change, ...]
    old_label: str = ""
    new_label: str = ""
    ignored: tuple[Change, ...] = field(default=())
    notes: tuple[str, ...] = field(default=())

    @property
    def identical(self) -> bool:
        return not self.changes

    def counts(self) -> dict[str, int]:
        """How many changes of each class (every class present, zero included)."""
        counts = dict.fromkeys(CLASSES, 0)
        for change in self.changes:
            counts[change.cls] = counts.get(change.cls, 0) + 1
        return counts

    def of_class(self, *classes: str) -> list[Change]:
        return [change for change in self.changes if change.cls in classes]


def sorted_changes(changes: Iterable[Change]) -> tuple[Change, ...]:
    """Deterministic order, duplicates (same rule, location, values) dropped."""
    seen: set[tuple[str, str, str, str]] = set()
    result: list[Change] = []
    for change in sorted(changes, key=Change.sort_key):
        key = (change.rule, change.location, change.message, change.cls)
        if key in seen:
            continue
        seen.add(key)
        result.append(change)
    return tuple(result)
