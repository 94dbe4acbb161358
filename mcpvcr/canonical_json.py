"""Canonical JSON text, safe to print and stable to diff: the one JSON writer.

`show` prints cassettes with it, and every machine report (score, lint and
diff JSON, SARIF) is a `json_document`, so they share key order, escaping of
invisible characters and the spelling of non-finite numbers.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.codec import MAX_DEPTH, canonical_body, canonicalize, to_json_value
from mcpvcr.terminal import json_safe


def dumps(value: Any, *, indent: int | None = 2) -> str:
    """Sorted keys, UTF-8 text, and control/bidi characters as \\uXXXX escapes."""
    separators = (",", ": ") if indent is not None else (",", ":")
    with _deep_enough():
        text = json.dumps(
            to_json_value(value),
            sort_keys=True,
            ensure_ascii=False,
            indent=indent,
            separators=separators,
        )
    return json_safe(text)


def json_document(value: Any) -> str:
    """A machine-readable document: `dumps` with two-space indent and a final newline."""
    return dumps(value) + "\n"


@contextlib.contextmanager
def _deep_enough() -> Iterator[None]:
    """Room for the indenting encoder (a few frames per level) down to codec.MAX_DEPTH."""
    needed = 4 * MAX_DEPTH + 500
    previous = sys.getrecursionlimit()
    if previous < needed:
        sys.setrecursionlimit(needed)
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def cassette_document(cassette: Cassette, format_version: int) -> dict[str, Any]:
    """The whole cassette as one JSON document: format, header, body."""
    return {
        "format": format_version,
        "header": canonicalize(cassette.header),
        "body": canonical_body(cassette.body),
    }
