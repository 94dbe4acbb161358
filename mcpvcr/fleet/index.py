"""The fleet index: one file per output directory saying what each server's run gave.

`fleet-index.json` holds a header (format, mcpvcr version, shard, input hash)
and one entry per server, sorted by key: identity (name, version, specHash,
mcpvcr), outcome, reason, cassette file and its sha256, and the scores. Only
`seconds` depends on the clock, so two runs of an unchanged fleet give the same
index but for it.

While a run goes, each finished server is appended (one JSON line, flushed) to
`fleet-index.journal.jsonl`, so Ctrl-C or a killed job keeps what finished; the
index is rewritten (atomically) from index + journal at the end, or by the
next run.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TextIO

from mcpvcr.errors import UsageError

INDEX = "fleet-index.json"
JOURNAL = "fleet-index.journal.jsonl"
FORMAT = 1


def cassette_path(base: Path, name: object, key: str) -> Path:
    """The cassette an index entry names, which must be a file directly inside `base`.

    An index can come from anyone (a downloaded fleet, a pull request): a `cassette`
    field that is absolute, has a folder part or `..`, or is a symlink leading out
    is refused with one line that reads the same whether or not that file exists."""
    text = str(name)
    outside = UsageError(
        f"{base / INDEX}: server {key!r}: cassette {text!r} is not a file name inside "
        f"{base} (an index may only name cassettes in its own directory)"
    )
    if (
        not text
        or text in (".", "..")
        or "/" in text
        or "\\" in text
        or "\0" in text
        or os.path.isabs(text)
    ):
        raise outside
    path = base / text
    if os.path.dirname(os.path.realpath(path)) != os.path.realpath(base):
        raise outside
    return path


def read_index(
    directory: str | os.PathLike[str],
) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    """(header, entries by key) of a fleet directory: the index, then the journal on top."""
    base = Path(directory)
    header: dict[str, Any] = {}
    entries: dict[str, dict[str, Any]] = {}
    path = base / INDEX
    if path.exists():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise UsageError(f"{path}: not a readable fleet index ({err})") from None
        if not isinstance(data, dict) or not isinstance(data.get("servers"), list):
            raise UsageError(f"{path}: not a fleet index (no servers list)")
        if int(data.get("format", 0)) > FORMAT:
            raise UsageError(f"{path}: written by a newer mcpvcr (format {data.get('format')})")
        header = {k: v for k, v in data.items() if k != "servers"}
        for entry in data["servers"]:
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                entries[entry["key"]] = entry
    for entry in _journal(base / JOURNAL):
        entries[entry["key"]] = entry
    return header, entries


def _journal(path: Path) -> Iterator[dict[str, Any]]:
    try:
        handle = path.open(encoding="utf-8")
    except FileNotFoundError:
        return
    with handle:
        for line in handle:
            try:
                entry = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by a kill: that server runs again
            if isinstance(entry, dict) and isinstance(entry.get("key"), str):
                yield entry


class Journal:
    """Appends finished entries, one flushed line each."""

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.path = Path(directory) / JOURNAL
        self._handle: TextIO | None = None

    def append(self, entry: dict[str, Any]) -> None:
        if self._handle is None:
            self._handle = self.path.open("a", encoding="utf-8")
        self._handle.write(json.dumps(entry, sort_keys=True) + "\n")
        self._handle.flush()

    def close(self) -> None:
        if self._handle is not None:
            self._handle.close()
            self._handle = None


def write_index(
    directory: str | os.PathLike[str],
    header: dict[str, Any],
    entries: Iterable[dict[str, Any]],
) -> Path:
    """Write the sorted index atomically, then drop the journal it now contains."""
    base = Path(directory)
    ordered = sorted(entries, key=lambda entry: str(entry["key"]))
    data = {**header, "format": FORMAT, "servers": ordered}
    text = json.dumps(data, sort_keys=True, indent=1) + "\n"
    path = base / INDEX
    temp = base / f".{INDEX}.tmp"
    temp.write_text(text, encoding="utf-8")
    os.replace(temp, path)
    (base / JOURNAL).unlink(missing_ok=True)
    return path
