"""Record modes (vcrpy's `RecordMode`), validated and resolved in one place.

Pure: the CLI (`mcpvcr replay --mode`), the pytest plugin's marker and the
library take the same enum, and `once` is decided here, not by each caller:

    none          replay only; a request the cassette lacks is a JSON-RPC error
    once          no cassette yet: record it from the target, then serve as
                  new_episodes; a cassette exists: serve as none
    new_episodes  replay what is recorded, forward misses to the target, keep them
    all           forward everything to the target and re-record the cassette
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["RecordMode", "Resolved", "resolve"]


class RecordMode(StrEnum):
    NONE = "none"
    ONCE = "once"
    NEW_EPISODES = "new_episodes"
    ALL = "all"

    @classmethod
    def parse(cls, value: str | RecordMode) -> RecordMode:
        """The mode named `value`; a misspelling fails loudly instead of replaying as `none`."""
        try:
            return cls(value)
        except ValueError:
            valid = ", ".join(repr(mode.value) for mode in cls)
            raise ValueError(f"{value!r} is not a record mode (one of {valid})") from None

    @property
    def forwards(self) -> bool:
        """Whether misses (or everything) go to the real server while serving."""
        return self in (RecordMode.NEW_EPISODES, RecordMode.ALL)


class Resolved(NamedTuple):
    mode: RecordMode
    """The mode to serve with: never ONCE."""
    record_first: bool
    """Record the cassette from the target before serving (ONCE without a cassette)."""


def resolve(mode: RecordMode, *, cassette_exists: bool, has_target: bool) -> Resolved:
    """What to do for `mode`; ValueError when the mode needs a real server and has none."""
    if mode is not RecordMode.NONE and not has_target:
        raise ValueError(f"record mode {mode.value!r} needs a target (the real server)")
    if mode is RecordMode.ONCE:
        if cassette_exists:
            return Resolved(RecordMode.NONE, record_first=False)
        return Resolved(RecordMode.NEW_EPISODES, record_first=True)
    return Resolved(mode, record_first=False)
