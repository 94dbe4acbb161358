"""Canonical JSON text of cassette data, safe to print and stable to diff."""

from __future__ import annotations

import json
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.codec import canonical_body, canonicalize, to_json_value
from mcpvcr.terminal import json_safe


def dumps(value: Any, *, indent: int | None = 2) -> str:
    """Sorted keys, UTF-8 text, and control/bidi characters as \\uXXXX escapes."""
    separators = (",", ": ") if indent is not None else (",", ":")
    text = json.dumps(
        to_json_value(value),
        sort_keys=True,
        ensure_ascii=False,
        indent=indent,
        separators=separators,
    )
    return json_safe(text)


def cassette_document(cassette: Cassette, format_version: int) -> dict[str, Any]:
    """The whole cassette as one JSON document: format, header, body."""
    return {
        "format": format_version,
        "header": canonicalize(cassette.header),
        "body": canonical_body(cassette.body),
    }
