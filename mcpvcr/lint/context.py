"""Read-only views of the raw wire data that the lint rules share.

Everything in a cassette list is what the server sent, so nothing here assumes a
tool is a dict, a name is a string or a schema is well formed; each accessor
answers the question a rule asks ("the description, if it is a string").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.jsonpointer import resolve_local_ref

MAX_TEXT_CHARS = 256 * 1024
"""Rules scan at most this much of one text: a hostile 50 MB description must not
make lint take minutes (nor stay alive in a verdict cache)."""


def text(value: Any) -> str | None:
    """`value` when it is a string, else None."""
    return value if isinstance(value, str) else None


def is_blank(value: Any) -> bool:
    """True when `value` is not a string or is only whitespace (MCProbe's "missing")."""
    return not isinstance(value, str) or not value.strip()


def js_length(value: str) -> int:
    """Length as JavaScript counts it (UTF-16 code units), for MCProbe's thresholds."""
    return len(value.encode("utf-16-le")) // 2


@dataclass(frozen=True)
class ToolView:
    """One recorded tool, as a rule sees it."""

    index: int
    raw: dict[str, Any]

    @property
    def name(self) -> str:
        value = self.raw.get("name")
        return value if isinstance(value, str) else ("" if value is None else str(value))

    @property
    def description(self) -> str | None:
        value = text(self.raw.get("description"))
        # Bounded like the security rules' texts: regex rules scan a prefix only.
        return value[:MAX_TEXT_CHARS] if value is not None else None

    @property
    def input_schema(self) -> Any:
        return self.raw.get("inputSchema")

    @property
    def has_input_schema(self) -> bool:
        """MCProbe's test: an object with at least one key."""
        schema = self.input_schema
        return isinstance(schema, dict) and len(schema) > 0

    @property
    def output_schema(self) -> Any:
        return self.raw.get("outputSchema")

    @property
    def annotations(self) -> dict[str, Any] | None:
        value = self.raw.get("annotations")
        return value if isinstance(value, dict) else None

    @property
    def properties(self) -> dict[str, Any]:
        """Top-level input properties (empty when the schema has none or is malformed)."""
        schema = self.input_schema
        if not isinstance(schema, dict):
            return {}
        props = schema.get("properties")
        return props if isinstance(props, dict) else {}

    @property
    def required(self) -> list[Any] | None:
        schema = self.input_schema
        value = schema.get("required") if isinstance(schema, dict) else None
        return value if isinstance(value, list) else None

    def where(self, param: str | None = None) -> dict[str, str]:
        return {"tool": self.name} if param is None else {"tool": self.name, "param": param}


@dataclass
class LintContext:
    """The cassette plus views computed once for all rules."""

    cassette: Cassette
    tools: list[ToolView] = field(init=False)
    malformed_tools: list[tuple[int, Any]] = field(init=False)
    cache: dict[str, Any] = field(default_factory=dict)
    """Values several rules derive from the same data, computed once per lint run."""

    def __post_init__(self) -> None:
        self.tools = []
        self.malformed_tools = []
        for index, raw in enumerate(self.cassette.tools):
            if isinstance(raw, dict):
                self.tools.append(ToolView(index, raw))
            else:
                self.malformed_tools.append((index, raw))

    @cached_property
    def name_counts(self) -> Counter[str]:
        return Counter(tool.name for tool in self.tools)

    def dicts(self, kind: str) -> Iterator[dict[str, Any]]:
        """The well-formed (dict) items of one recorded list."""
        return (item for item in self.cassette.items(kind) if isinstance(item, dict))


def is_typed(prop: Any, root: Any, seen: frozenset[str] = frozenset()) -> bool:
    """MCProbe's "typed" test, plus: a same-document `$ref` is typed when its target is."""
    if not isinstance(prop, dict):
        return False
    kind = prop.get("type")
    if (isinstance(kind, str) and kind) or (isinstance(kind, list) and kind):
        return True
    if isinstance(prop.get("enum"), list) and prop["enum"]:
        return True
    if "const" in prop:
        return True
    for key in ("oneOf", "anyOf", "allOf"):
        if isinstance(prop.get(key), list) and prop[key]:
            return True
    ref = prop.get("$ref")
    if isinstance(ref, str) and ref not in seen:
        found, target = resolve_local_ref(root, ref)
        return found and is_typed(target, root, seen | {ref})
    return False


def ref_target(prop: Any, root: Any) -> Any:
    """The schema a `$ref` property points at (one hop), or the property itself."""
    if isinstance(prop, dict) and isinstance(prop.get("$ref"), str):
        found, target = resolve_local_ref(root, prop["$ref"])
        if found:
            return target
    return prop


def schema_texts(schema: Any, depth: int = 0) -> Iterator[tuple[str, str]]:
    """(keyword, text) for every human-readable string in a schema, recursively.

    Descriptions, titles, string defaults, examples and enum/const values all
    reach the model, so all are scanned by the security rules. Depth-bounded.
    """
    if depth > 32:
        return
    if isinstance(schema, list):
        for item in schema:
            yield from schema_texts(item, depth + 1)
        return
    if not isinstance(schema, dict):
        return
    for key, value in schema.items():
        if key in ("description", "title", "$comment") and isinstance(value, str):
            yield key, value
        elif key in ("default", "const", "examples", "enum"):
            yield from ((key, item) for item in _strings(value))
        elif key in ("properties", "patternProperties", "$defs", "definitions"):
            if isinstance(value, dict):
                for name, sub in value.items():
                    yield "property name", str(name)
                    yield from schema_texts(sub, depth + 1)
        elif isinstance(value, dict | list):
            yield from schema_texts(value, depth + 1)


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, str):
                yield item
