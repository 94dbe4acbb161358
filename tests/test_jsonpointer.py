"""One JSON pointer and `$ref` resolver for lint, diff and fuzz (RFC 6901 escaping)."""

from __future__ import annotations

from typing import Any

import pytest

from mcpvcr.jsonpointer import escape, pointer, resolve_local_ref, split, unescape

ROOT: dict[str, Any] = {
    "$defs": {"a/b": {"type": "string"}, "m~n": {"type": "integer"}, "~1": {"const": 1}},
    "anyOf": [{"type": "null"}, {"$ref": "#/$defs/a~1b"}],
}


@pytest.mark.parametrize("key", ["plain", "a/b", "m~n", "~1", "~01", "/~/", ""])
def test_escape_round_trips(key: str) -> None:
    assert unescape(escape(key)) == key
    assert split(pointer("tools", key)) == ["tools", key]


def test_pointer_escapes_tilde_before_slash() -> None:
    assert pointer("tools", "a/b", "m~n") == "/tools/a~1b/m~0n"
    assert pointer() == ""
    assert escape("~1") == "~01"  # not "~1": that would read back as "/"


@pytest.mark.parametrize(
    ("ref", "expected"),
    [
        ("#", ROOT),
        ("#/$defs/a~1b", {"type": "string"}),
        ("#/$defs/m~0n", {"type": "integer"}),
        ("#/$defs/~01", {"const": 1}),
        ("#/anyOf/1", {"$ref": "#/$defs/a~1b"}),
    ],
)
def test_resolves_local_refs(ref: str, expected: Any) -> None:
    assert resolve_local_ref(ROOT, ref) == (True, expected)


@pytest.mark.parametrize(
    "ref",
    [
        "#/$defs/missing",
        "#/anyOf/2",
        "#/anyOf/-1",
        "#/$defs/a/b",  # an unescaped slash is two keys
        "#anchor",  # an anchor, not a pointer: never the root
        "other.json#/a",
        "https://example.com/schema.json",
    ],
)
def test_refuses_what_does_not_resolve_locally(ref: str) -> None:
    assert resolve_local_ref(ROOT, ref) == (False, None)
