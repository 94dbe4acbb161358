"""Compiled regular expressions, kept across runs (pure; stdlib and msgpack only).

`re.compile` parses and assembles a pattern in pure Python. The poisoning
scanner's cue lexicon (a hundred large, multilingual alternations) costs about
70 ms per process that way: more than importing click, msgpack and jsonschema
together, on every `score`, `lint` and `gate` a pre-commit hook or CI job runs.

`compile` keeps what `re._compiler.compile` hands to the engine last (the
assembled code, flags and group tables) in a mcpvcr.disk_cache table named by
the interpreter's version and the engine's `MAGIC`, so the next process builds
the same `re.Pattern` from it without parsing. The engine validates the code it
is given, and any doubt (another interpreter, a damaged entry, an internal API
that moved) falls back to plain `re.compile`. A pattern built from the cache is
the pattern `re.compile` builds (tested). Only fixed, module-level patterns
belong here: every distinct pattern is an entry.
"""

from __future__ import annotations

import importlib
import re
import sys
from typing import Any

from mcpvcr.disk_cache import Table

_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]

_engine: Any = None
_table: Table | None = None


def compile(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, from the cache when this interpreter built it before."""
    flags = int(flags)
    table = _the_table()
    if table is None:
        return re.compile(pattern, flags)
    key = f"{flags}:{pattern}"
    stored = table.get(key)
    if stored is not None:
        try:
            flags_, code, groups, groupindex, indexgroup = stored
            return _build(pattern, (flags_, code, groups, groupindex, tuple(indexgroup)))
        except Exception:  # a damaged entry, or the engine refused it: build it again
            table.discard(key)
    try:
        entry = _assemble(pattern, flags)
        compiled = _build(pattern, entry)
    except re.error:
        raise
    except Exception:  # the internals moved (another Python): stop caching, stay correct
        _disable()
        return re.compile(pattern, flags)
    table.put(key, list(entry))
    return compiled


def table_name() -> str | None:
    """The disk_cache table for this interpreter, or None when the engine is not usable."""
    engine = _sre_engine()
    if engine is None:
        return None
    impl = sys.implementation
    return f"regex-{impl.name}-{impl.cache_tag}-{sys.hexversion:x}-{engine.MAGIC}"


def reset() -> None:
    """Forget the loaded table (tests; a changed MCPVCR_CACHE_DIR)."""
    global _table
    _table = None


def _the_table() -> Table | None:
    global _table
    if _table is None:
        name = table_name()
        if name is None:
            return None
        _table = Table(name)
    return _table


def _disable() -> None:
    global _engine, _table
    _engine, _table = False, None


def _sre_engine() -> Any:
    """The `_sre` module when it has the shape this module uses, else None."""
    global _engine
    if _engine is None:
        try:
            sre = importlib.import_module("_sre")
            compiler = importlib.import_module("re._compiler")
            importlib.import_module("re._parser")
            _engine = sre if hasattr(sre, "MAGIC") and hasattr(compiler, "_code") else False
        except ImportError:
            _engine = False
    return _engine or None


def _assemble(pattern: str, flags: int) -> _Entry:
    """What `re._compiler.compile` computes before handing the pattern to `_sre.compile`."""
    # re's own internals (private, hence looked up by name): parse, then assemble.
    parsed = importlib.import_module("re._parser").parse(pattern, flags)
    code = importlib.import_module("re._compiler")._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    final_flags = flags | parsed.state.flags
    return (final_flags, list(code), parsed.state.groups - 1, groupindex, tuple(indexgroup))


def _build(pattern: str, entry: _Entry) -> re.Pattern[str]:
    flags, code, groups, groupindex, indexgroup = entry
    compiled: re.Pattern[str] = _sre_engine().compile(
        pattern, flags, code, groups, groupindex, indexgroup
    )
    return compiled
