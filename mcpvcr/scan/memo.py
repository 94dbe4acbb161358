"""The scanner's findings on a surface, remembered between runs (pure but for the cache).

`score` and `lint` run often on the same cassette (a pre-commit hook, a CI step
per pull request), and building the scanner costs more than the rest of a run:
about 100 RE2 patterns to translate and compile, a few hundred milliseconds
before the first text is read. The findings on a surface depend only on the
surface and on the scanner's code, so they are kept in an authenticated
`disk_cache.Table` (see there for the trust model) named by every source file
the scanner runs (`SOURCES`) and the installed RE2 library, and looked up
by a hash of the surface. A remembered answer is the answer the scanner gives:
on any doubt (an entry that does not decode, a surface that is not JSON) the
scanner runs. `MCPVCR_NO_CACHE=1` turns it off.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any, Final

from mcpvcr.disk_cache import Table, code_table
from mcpvcr.scan.finding import Finding
from mcpvcr.scan.recorded import Surface

_PACKAGE: Final = Path(__file__).resolve().parent
SOURCES: Final = (
    *sorted(_PACKAGE.glob("*.py")),
    _PACKAGE.parent / "linear_re.py",
    _PACKAGE.parent / "linear_syntax.py",
    _PACKAGE.parent / "linear_translate.py",
    _PACKAGE.parent / "linear_plans.py",
    _PACKAGE.parent / "shipped.py",
    _PACKAGE.parent / "pattern_group.py",
    _PACKAGE.parent / "identifiers.py",
)
"""Every file whose code decides a finding (a test checks the scanner imports no other)."""
MAX_SURFACES: Final = 256
"""Remembered surfaces; past this a save keeps the ones this process used."""
_SEVERITIES: Final = ("error", "warning", "info")


def remembered_scan(surface: Surface) -> list[Finding]:
    """`mcpvcr.scan.scan_surface(surface)`, from the cache when this surface was scanned before."""
    table = _table()
    key = _surface_key(surface) if table is not None else None
    if table is not None and key is not None:
        found = _decoded(table.get(key))
        if found is not None:
            return found
    from mcpvcr.scan.surface import scan_surface

    findings = scan_surface(surface)
    if table is not None and key is not None:
        table.put(key, [_encoded(f) for f in findings])
    return findings


@cache
def _table() -> Table | None:
    return code_table("scan-findings", SOURCES, ["re2"], max_entries=MAX_SURFACES)


def _surface_key(surface: Surface) -> str | None:
    parts = [
        surface.instructions,
        surface.server_info,
        list(surface.tools),
        list(surface.resources),
        list(surface.templates),
        list(surface.prompts),
        list(surface.interactions),
        sorted(surface.known_tools),
    ]
    try:
        text = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError):
        return None  # not plain JSON: scan it, remember nothing
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _is_str(value: Any) -> bool:
    return isinstance(value, str)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_CHECKS: Final[dict[str, Callable[[Any], bool]]] = {
    "rule": _is_str,
    "severity": lambda v: v in _SEVERITIES,
    "field": _is_str,
    "start": _is_int,
    "end": _is_int,
    "evidence": _is_str,
    "why": _is_str,
    "signals": lambda v: isinstance(v, list) and all(isinstance(s, str) for s in v),
    "decoded": lambda v: v is None or isinstance(v, str),
    "location": lambda v: (
        isinstance(v, dict) and all(isinstance(k, str) and isinstance(x, str) for k, x in v.items())
    ),
}
"""What each stored field of a `Finding` must be; a field without a check is never trusted."""
_FIELDS: Final = tuple(f.name for f in fields(Finding))


def _encoded(finding: Finding) -> list[Any]:
    values = [getattr(finding, name) for name in _FIELDS]
    return [
        list(v) if isinstance(v, tuple) else dict(v) if isinstance(v, dict) else v for v in values
    ]


def _decoded(stored: Any) -> list[Finding] | None:
    """The findings of a table entry, or None when it is absent or not what `_encoded` wrote."""
    if not isinstance(stored, list):
        return None
    out: list[Finding] = []
    for item in stored:
        if not isinstance(item, list) or len(item) != len(_FIELDS):
            return None
        values = dict(zip(_FIELDS, item, strict=True))
        if not all(name in _CHECKS and _CHECKS[name](v) for name, v in values.items()):
            return None
        out.append(Finding(**{**values, "signals": tuple(values["signals"])}))
    return out
