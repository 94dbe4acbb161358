"""Values from the server: ids, names and paths its list/search tools answered (pure).

Stateful API fuzzers take a consumer's arguments from a producer's answers
(RESTler's producer-consumer inference, Schemathesis' links). Here: the answers
of the valid calls of a server's listing tools (`is_lister`: list, search, find,
query, browse, ...) are read for string values under keys such as `id`,
`name`, `path`, `uri`, `key`, `slug` (structuredContent, or text that parses as
JSON); a later guessed valid call (and its control, for the other parameters)
takes such a value for a string parameter of the same name (`item_id` <- `id`,
`file_path` <- `path`) instead of a made-up one, when the input schema accepts
it. The recorded interaction carries the fact `fromServer`. A guess only when
the server offered nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any, Final

LISTING: Final = frozenset(
    {"list", "search", "find", "query", "browse", "ls", "enumerate", "all", "index"}
)
KEYS: Final = ("id", "name", "path", "uri", "url", "key", "slug", "handle", "ref", "file")
_MAX_VALUES: Final = 5
_MAX_DEPTH: Final = 6


def is_lister(name: str) -> bool:
    """Whether a tool's name says it lists or searches things."""
    parts = [p.lower() for p in re.split(r"[_\-\s.]+|(?<=[a-z])(?=[A-Z])", name) if p]
    return bool(parts) and (parts[0] in LISTING or parts[-1] in LISTING)


class Harvest:
    """Values seen so far, by key; filled in plan order, so a recording repeats."""

    def __init__(self) -> None:
        self.values: dict[str, list[str]] = {}

    def learn(self, result: Any) -> None:
        """Read a successful answer for values under the known keys."""
        if not isinstance(result, Mapping) or result.get("isError"):
            return
        found: list[tuple[str, str]] = []
        structured = result.get("structuredContent")
        if structured is not None:
            _walk(structured, found, 0)
        content = result.get("content")
        for part in content if isinstance(content, list) else []:
            text = part.get("text") if isinstance(part, Mapping) else None
            if isinstance(text, str) and text.lstrip()[:1] in ("{", "["):
                try:
                    _walk(json.loads(text), found, 0)
                except ValueError:
                    continue
        for key, value in found:
            bucket = self.values.setdefault(key, [])
            if value not in bucket and len(bucket) < _MAX_VALUES:
                bucket.append(value)

    def fill(self, arguments: Any, schema: Any, keep: str | None = None) -> tuple[Any, bool]:
        """`arguments` with server values for matching string parameters (not `keep`)."""
        if not self.values or not isinstance(arguments, dict) or not isinstance(schema, Mapping):
            return arguments, False
        props = schema.get("properties")
        props = props if isinstance(props, Mapping) else {}
        changed = dict(arguments)
        for param, value in arguments.items():
            prop = props.get(param)
            if param == keep or not isinstance(value, str) or not isinstance(prop, Mapping):
                continue
            if prop.get("type") != "string" or "enum" in prop or "const" in prop:
                continue
            for key in _keys_for(param):
                if self.values.get(key):
                    changed[param] = self.values[key][0]
                    break
        if changed == arguments:
            return arguments, False
        from mcpvcr.fuzz.schemas import SchemaProblem, build_validator, is_valid

        try:
            accepted = is_valid(build_validator(schema), changed)
        except SchemaProblem:
            accepted = False
        return (changed, True) if accepted else (arguments, False)


def _keys_for(param: str) -> list[str]:
    name = param.lower()
    parts = [p for p in re.split(r"[_\-\s.]+|(?<=[a-z])(?=[A-Z])", param) if p]
    last = parts[-1].lower() if parts else name
    out = [name] if name in KEYS else []
    if last in KEYS and last not in out:
        out.append(last)
    if last in ("dir", "directory", "folder") and "path" not in out:
        out.append("path")
    return out


def _walk(value: Any, found: list[tuple[str, str]], depth: int) -> None:
    if depth > _MAX_DEPTH or len(found) > 200:
        return
    if isinstance(value, Mapping):
        for key, inner in value.items():
            low = str(key).lower()
            if isinstance(inner, str) and inner.strip() and len(inner) <= 500:
                last = re.split(r"[_\-]", low)[-1]
                if low in KEYS or last in KEYS:
                    found.append((low if low in KEYS else last, inner))
            else:
                _walk(inner, found, depth + 1)
    elif isinstance(value, list):
        for inner in value[:50]:
            _walk(inner, found, depth + 1)
