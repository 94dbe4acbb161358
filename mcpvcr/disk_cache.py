"""Small persistent tables that let the next process skip work this one did (pure).

The offline commands run often and briefly (a pre-commit hook, a CI step per
pull request), so fixed start-up work dominates them: compiling the scanner's
regular expressions (mcpvcr.regex_cache) and validating published schemas
against their metaschema (mcpvcr.lint.metaschema). Each keeps its results in
one `Table`: a msgpack map in the cache directory, named by everything the
results depend on (interpreter, library versions, the code that computes them),
so a stale table is simply never opened again.

Where: `$MCPVCR_CACHE_DIR`, else `$XDG_CACHE_HOME/mcpvcr`, else `~/.cache/mcpvcr`.
`MCPVCR_NO_CACHE=1` turns every table off. A table is read once, on first use,
and written once, at exit, atomically, only when it gained entries. A corrupt or
unreadable file counts as empty; a failed write is silent: a cache is never
worth a failed run, and the next run simply does the work again. Each file
starts with the CRC-32 of its payload, so a damaged file is never half-read.

A table is trusted like the code that wrote it: keep the cache directory private
to the user (files are created 0600), never restore it from a less trusted job,
and set MCPVCR_NO_CACHE=1 where that cannot be guaranteed.
"""

from __future__ import annotations

import atexit
import os
import zlib
from pathlib import Path
from typing import Any, Final

MAX_ENTRIES: Final = 20_000
"""Past this, a save keeps only the entries this process used."""


def cache_dir() -> Path | None:
    """Where tables live, or None when caching is turned off."""
    if os.environ.get("MCPVCR_NO_CACHE"):
        return None
    base = os.environ.get("MCPVCR_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = os.path.join(xdg, "mcpvcr") if xdg else os.path.expanduser("~/.cache/mcpvcr")
    return Path(base)


class Table:
    """A persistent str -> msgpack-able value map, named by what its values depend on."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._entries: dict[str, Any] | None = None
        self._used: set[str] = set()
        self._dirty = False

    @property
    def path(self) -> Path | None:
        base = cache_dir()
        return None if base is None else base / f"{self.name}.msgpack"

    def get(self, key: str) -> Any:
        """The stored value, or None (store no None values)."""
        entries = self._load()
        self._used.add(key)
        return entries.get(key)

    def put(self, key: str, value: Any) -> None:
        entries = self._load()
        entries[key] = value
        self._used.add(key)
        if not self._dirty and self.path is not None:
            self._dirty = True
            atexit.register(self.save)

    def discard(self, key: str) -> None:
        self._load().pop(key, None)

    def save(self) -> None:
        """Write the table when it gained entries; never raises."""
        path = self.path
        if not self._dirty or self._entries is None or path is None:
            return
        self._dirty = False
        entries = self._entries
        if len(entries) > MAX_ENTRIES:
            entries = {key: value for key, value in entries.items() if key in self._used}
        import msgpack

        from mcpvcr.errors import McpVcrError
        from mcpvcr.store import write_bytes_atomic

        try:
            payload = msgpack.packb(entries)
            path.parent.mkdir(parents=True, exist_ok=True)
            data = zlib.crc32(payload).to_bytes(4, "big") + payload
            write_bytes_atomic(data, path, private=True)
        except (OSError, ValueError, TypeError, McpVcrError):
            pass

    def _load(self) -> dict[str, Any]:
        if self._entries is not None:
            return self._entries
        self._entries = {}
        path = self.path
        if path is None:
            return self._entries
        try:
            raw = path.read_bytes()
        except OSError:
            return self._entries
        payload = raw[4:]
        if len(raw) < 4 or zlib.crc32(payload) != int.from_bytes(raw[:4], "big"):
            return self._entries  # damaged: start afresh; it is rewritten at exit
        try:
            import msgpack

            table = msgpack.unpackb(payload, strict_map_key=True)
        except Exception:  # corrupt or foreign: start afresh; it is rewritten at exit
            return self._entries
        if isinstance(table, dict):
            self._entries = table
        return self._entries
