"""Normalising cassette lists into keyed dicts, and canonical bytes for cheap comparison.

Lists that are sets by meaning (tools, resources, prompts, templates, prompt
arguments) become dicts keyed by identity, so a reordered server diffs empty
and every change has a stable, name-based location. Items are compared by
their canonical JSON text first: equal text means equal items, and only
the few items that differ are compared field by field (that is what keeps a
10,000-tool diff fast).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgpack


def canon(value: Any) -> str:
    """Canonical text of a JSON value: equal text iff equal values (1, 1.0 and true differ).

    Sorted-key JSON from the C encoder: several times faster than canonical
    msgpack, and the same equality (ints, floats and booleans print apart).
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=repr)


def same(a: Any, b: Any) -> bool:
    """Equal JSON values, checked the cheap way first.

    Identical msgpack bytes (C speed, no sorting) prove equality; only items that
    differ in bytes (a real change, or just another key order) pay for `canon`.
    """
    try:
        if msgpack.packb(a) == msgpack.packb(b):
            return True
    except (TypeError, ValueError, OverflowError):
        pass
    return canon(a) == canon(b)


def digest(value: Any) -> str:
    """A short stable hash of a JSON value (for fingerprints and rename matching)."""
    return hashlib.sha256(canon(value).encode()).hexdigest()[:16]


def keyed(items: list[Any], key: str) -> tuple[dict[str, dict[str, Any]], list[str]]:
    """Items keyed by their identity field (first wins) and the identities seen twice.

    Items without a string identity cannot be matched across versions and are skipped.
    """
    result: dict[str, dict[str, Any]] = {}
    duplicates: list[str] = []
    for item in items:
        if not isinstance(item, dict):
            continue
        ident = item.get(key)
        if not isinstance(ident, str):
            continue
        if ident in result:
            if ident not in duplicates:
                duplicates.append(ident)
            continue
        result[ident] = item
    return result, sorted(duplicates)


def text(value: Any) -> str | None:
    """The value when it is a string, else None (for optional text fields)."""
    return value if isinstance(value, str) else None
