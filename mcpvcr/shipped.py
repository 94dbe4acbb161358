"""Derived data shipped inside the package, named by the code that made it (pure).

Some of a first run's work is the same for every user and every cassette: the RE2
translations of mcpvcr's own long patterns (`linear_plans`) and the branches of the
scanner's effect families that ASCII text can match (`scan.effects`). Done on each
first run it costs a few hundred milliseconds, so its results ship with the package as
JSON files beside the modules that read them, written by `python -m tests.regen shipped`.

Each file records a hash of the source files whose code made its entries. A file whose
hash is not that of the code beside it (an edited translator) is not read at all, and
a key it lacks (an edited lexicon) is a miss: the work is done as before, so stale data
costs time, never a verdict, and `tests/test_shipped.py` fails until it is written
again. The files are package data, trusted like the code next to them.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final

FORMAT: Final = 1
"""The layout of a shipped file; a file of another layout is not read."""


class Shipped:
    """One shipped JSON table: `get(key)` from it, read on first use."""

    def __init__(
        self, path: Path, sources: Iterable[Path], engine: Callable[[], str] | None = None
    ) -> None:
        self.path = path
        self.sources = tuple(sources)
        self.engine = engine  # the library build the entries were also checked on, if any
        self._entries: dict[str, Any] | None = None
        self._engine = ""

    def get(self, key: str) -> Any:
        """The entry for `key`, or None (absent, or the file is missing or stale)."""
        if self._entries is None:
            self._entries = self._load()
        return self._entries.get(key)

    def on_this_engine(self) -> bool:
        """True when the entries were checked on the library build this process runs (as
        `engine` names it): what holds for that build holds here."""
        if self._entries is None:
            self._entries = self._load()
        return bool(self.engine and self._engine and self._engine == self.engine())

    def _load(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            return {}
        if data.get("code") != code_hash(self.sources):
            return {}
        self._engine = str(data.get("engine", ""))
        entries = data.get("entries")
        return entries if isinstance(entries, dict) else {}


def code_hash(sources: Iterable[Path]) -> str:
    """A hash of the source files (names and contents) that make a table's entries."""
    digest = hashlib.sha256()
    for path in sources:
        try:
            content = path.read_bytes()
        except OSError:
            return ""  # no source beside the module: nothing shipped can be checked
        digest.update(path.name.encode("utf-8") + b"\0" + content + b"\0")
    return digest.hexdigest()


def rendered(sources: Iterable[Path], entries: Mapping[str, Any], engine: str = "") -> bytes:
    """The file for `entries`: sorted, one entry a line (a change reviews as a few lines)."""
    lines = [
        f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(entries[key], ensure_ascii=False)}"
        for key in sorted(entries)
    ]
    code = code_hash(sources)
    head = (
        f'{{"format": {FORMAT}, "code": "{code}", "engine": {json.dumps(engine)}, "entries": {{\n'
    )
    return (head + ",\n".join(lines) + "\n}}\n").encode("utf-8")
