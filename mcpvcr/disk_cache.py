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
worth a failed run, and the next run simply does the work again.

A table holds verdicts (a schema's metaschema problem, the scanner's findings),
so a rewritten table could make a poisoned server lint clean. Each file is
therefore authenticated: it starts with an HMAC-SHA256 of its name and payload
under a per-user key of 32 random bytes, kept outside the cache directory
(`$XDG_STATE_HOME/mcpvcr/cache.key`, else `~/.local/state/mcpvcr/cache.key`),
created 0600 in a 0700 folder. A table that does not verify is ignored and
rewritten; a key that is not a private regular file of this user turns caching
off. A cache directory restored from another job (a CI cache) carries no key
that verifies here, and the payload is msgpack data, never code.
"""

from __future__ import annotations

import atexit
import hashlib
import hmac
import importlib.util
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any, Final

MAX_ENTRIES: Final = 20_000
"""Past this, a save keeps only the entries this process used."""
_MAGIC: Final = b"MCVT1"
_KEY_BYTES: Final = 32


def cache_dir() -> Path | None:
    """Where tables live, or None when caching is turned off."""
    if os.environ.get("MCPVCR_NO_CACHE"):
        return None
    base = os.environ.get("MCPVCR_CACHE_DIR")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME")
        base = os.path.join(xdg, "mcpvcr") if xdg else os.path.expanduser("~/.cache/mcpvcr")
    return Path(base)


def key_path() -> Path:
    """Where the per-user key that authenticates every table lives (outside the cache)."""
    state = os.environ.get("XDG_STATE_HOME")
    base = Path(state) if state else Path(os.path.expanduser("~/.local/state"))
    return base / "mcpvcr" / "cache.key"


_keys: dict[Path, bytes | None] = {}


def _key() -> bytes | None:
    """The per-user table key, made on first use; None (no caching) on any doubt."""
    path = key_path()
    if path not in _keys:
        _keys[path] = _read_or_make_key(path)
    return _keys[path]


def _read_or_make_key(path: Path) -> bytes | None:
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    except FileExistsError:
        pass
    except OSError:
        return None
    else:
        try:
            os.write(fd, os.urandom(_KEY_BYTES))
        finally:
            os.close(fd)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if (
            not stat.S_ISREG(info.st_mode)
            or info.st_uid != os.getuid()
            or info.st_mode & 0o077
            or info.st_size != _KEY_BYTES
        ):
            return None  # another user's, shared or half-written: trust no table
        key = os.read(fd, _KEY_BYTES)
    finally:
        os.close(fd)
    return key if len(key) == _KEY_BYTES else None


def _mac(key: bytes, name: str, payload: bytes) -> bytes:
    return hmac.new(key, name.encode("utf-8") + b"\0" + payload, hashlib.sha256).digest()


def code_table(
    prefix: str,
    files: Iterable[str | os.PathLike[str]],
    packages: Iterable[str] = (),
    *,
    max_entries: int | None = None,
) -> Table | None:
    """A table named by the code its values depend on: the interpreter, `files` and the
    installed `packages` (found, not imported), each by path, size and modification time,
    so an edit or an upgrade of any of them opens a new, empty table. None when one is missing.
    """
    digest = hashlib.sha256(sys.version.encode("utf-8"))
    try:
        paths = [os.fspath(f) for f in files]
        for name in packages:
            spec = importlib.util.find_spec(name)
            if spec is None or spec.origin is None:
                return None
            paths.append(spec.origin)
        for path in paths:
            info = os.stat(path)
            digest.update(f"{path}:{info.st_size}:{info.st_mtime_ns}\0".encode())
    except (OSError, ImportError, ValueError):
        return None
    return Table(f"{prefix}-{digest.hexdigest()[:16]}", max_entries=max_entries)


class Table:
    """A persistent str -> msgpack-able value map, named by what its values depend on."""

    def __init__(self, name: str, *, max_entries: int | None = None) -> None:
        self.name = name
        self.max_entries = max_entries
        self._entries: dict[str, Any] | None = None
        self._used: set[str] = set()
        self._dirty = False

    @property
    def path(self) -> Path | None:
        base = cache_dir()
        return None if base is None else base / f"{self.name}.msgpack"

    def _enabled_path(self) -> tuple[Path, bytes] | None:
        path = self.path
        key = _key() if path is not None else None
        return None if path is None or key is None else (path, key)

    def get(self, key: str) -> Any:
        """The stored value, or None (store no None values)."""
        entries = self._load()
        self._used.add(key)
        return entries.get(key)

    def put(self, key: str, value: Any) -> None:
        entries = self._load()
        entries[key] = value
        self._used.add(key)
        if not self._dirty and self._enabled_path() is not None:
            self._dirty = True
            atexit.register(self.save)

    def discard(self, key: str) -> None:
        self._load().pop(key, None)

    def save(self) -> None:
        """Write the table when it gained entries; never raises."""
        where = self._enabled_path()
        if not self._dirty or self._entries is None or where is None:
            return
        path, key = where
        self._dirty = False
        entries = self._entries
        if len(entries) > (MAX_ENTRIES if self.max_entries is None else self.max_entries):
            entries = {key: value for key, value in entries.items() if key in self._used}
        import msgpack

        from mcpvcr.errors import McpVcrError
        from mcpvcr.store import write_bytes_atomic

        try:
            payload = msgpack.packb(entries)
            path.parent.mkdir(parents=True, exist_ok=True)
            data = _MAGIC + _mac(key, self.name, payload) + payload
            write_bytes_atomic(data, path, private=True)
        except (OSError, ValueError, TypeError, McpVcrError):
            pass

    def _load(self) -> dict[str, Any]:
        if self._entries is not None:
            return self._entries
        self._entries = {}
        where = self._enabled_path()
        if where is None:
            return self._entries
        path, key = where
        try:
            raw = path.read_bytes()
        except OSError:
            return self._entries
        head = len(_MAGIC) + hashlib.sha256().digest_size
        payload = raw[head:]
        if not raw.startswith(_MAGIC) or not hmac.compare_digest(
            raw[len(_MAGIC) : head], _mac(key, self.name, payload)
        ):
            return self._entries  # damaged, foreign or forged: start afresh; rewritten at exit
        try:
            import msgpack

            table = msgpack.unpackb(payload, strict_map_key=True)
        except Exception:  # corrupt or foreign: start afresh; it is rewritten at exit
            return self._entries
        if isinstance(table, dict):
            self._entries = table
        return self._entries
