"""JSON pointers (RFC 6901) and same-document `$ref`s: the one place `~0`/`~1` are spelled.

Every module that names a place in a cassette (diff locations, lint and SARIF
locations) or follows a local `$ref` in a schema (lint, diff, fuzz) goes
through here, so `#/$defs/a~1b` and `/tools/a~1b` mean the same thing
everywhere. Only local references are followed: a remote `$ref` is never
fetched (a cassette must be readable offline and must not make us call out).
"""

from __future__ import annotations

from typing import Any

__all__ = ["escape", "pointer", "resolve_local_ref", "split", "unescape"]


def escape(token: str | int) -> str:
    """One reference token, escaped: `~` -> `~0`, then `/` -> `~1`."""
    return str(token).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    """The inverse of `escape`: `~1` -> `/` first, then `~0` -> `~` (RFC 6901 §4)."""
    return token.replace("~1", "/").replace("~0", "~")


def pointer(*parts: str | int) -> str:
    """A JSON pointer from raw keys: pointer("tools", "a/b") == "/tools/a~1b"."""
    return "".join("/" + escape(part) for part in parts)


def split(text: str) -> list[str]:
    """The raw keys of a pointer ("" is the whole document); the inverse of `pointer`."""
    return [unescape(raw) for raw in text.split("/")[1:]] if text else []


def resolve_local_ref(root: Any, ref: str) -> tuple[bool, Any]:
    """Resolve a same-document `$ref` ("#", "#/a/b", "#/anyOf/0"); (False, None) when it
    points nowhere, is remote, or names an anchor ("#name") rather than a pointer."""
    if ref == "#":
        return True, root
    if not ref.startswith("#/"):
        return False, None
    node = root
    for part in split(ref[1:]):
        if isinstance(node, dict) and part in node:
            node = node[part]
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return False, None
    return True, node
