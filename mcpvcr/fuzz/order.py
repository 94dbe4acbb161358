"""The order in which tools are exercised, so a stateful server sees producers first (pure).

A server such as a knowledge graph answers `add_observations` only after
`create_entities` made the entity it names. Tools are ranked by what their
name, annotations and parameters say they do:

| rank | kind     | how it is recognised                                           |
|------|----------|----------------------------------------------------------------|
| 0    | producer | a name word in PRODUCE (create, add, insert, write, set, ...)  |
| 1    | reader   | `readOnlyHint: true`, a name word in READ, or nothing known    |
| 2    | updater  | a name word in UPDATE (update, edit, modify, move, ...)        |
| 3    | deleter  | `destructiveHint: true` or a name word in DELETE               |

`readOnlyHint: true` wins over the name (a read-only tool cannot make
state); `destructiveHint: true` wins over everything else. The first name
word found in one of the sets decides (`get_or_create` reads first).

Among producers, creators (create, new, make, init, register, ...) come
first; then one whose parameter or field names mention a noun another
producer makes (`add_observations` has `entityName`; `create_entities`
makes entities) comes after it: nouns are the name words other than the verb,
singular, and a producer's level is the length of its longest chain of such
dependencies. Ties keep the name order.

The user can override: `[tool.mcpvcr.fuzz] order = ["a", "b"]` puts those
tools first, in that order; the rest follow in the order above.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from mcpvcr.fuzz.harvest import is_lister
from mcpvcr.identifiers import words


def _verbs(text: str) -> frozenset[str]:
    return frozenset(text.split())


PRODUCE: Final = _verbs(
    "create add insert write set put new save store upload register make init "
    "initialize append post push remember generate build"
)
READ: Final = _verbs(
    "get read list search find query fetch show describe view open lookup count check "
    "inspect load download export status diff log"
)
UPDATE: Final = _verbs(
    "update edit modify patch rename move replace change merge link attach tag toggle"
)
DELETE: Final = _verbs(
    "delete remove destroy drop clear purge reset erase unlink archive cancel kill"
)
CREATE: Final = _verbs("create new make init initialize register generate build")
"""Producers that make a thing from nothing; they go before the ones that add to a thing."""
PRODUCER, READER, UPDATER, DELETER = 0, 1, 2, 3
_MAX_FIELD_DEPTH: Final = 4


def tool_rank(tool: Mapping[str, Any]) -> int:
    """The kind of a tool (PRODUCER, READER, UPDATER or DELETER)."""
    annotations = tool.get("annotations")
    hints = annotations if isinstance(annotations, Mapping) else {}
    if hints.get("destructiveHint") is True:
        return DELETER
    if hints.get("readOnlyHint") is True:
        return READER
    for word in words(str(tool.get("name", ""))):
        for rank, verbs in ((PRODUCER, PRODUCE), (READER, READ), (UPDATER, UPDATE)):
            if word in verbs:
                return rank
        if word in DELETE:
            return DELETER
    return READER


def is_read_only(tool: Mapping[str, Any]) -> bool:
    annotations = tool.get("annotations")
    return isinstance(annotations, Mapping) and annotations.get("readOnlyHint") is True


def order_tools(
    tools: Sequence[tuple[str, Mapping[str, Any]]], preferred: Sequence[str] = ()
) -> list[tuple[str, Mapping[str, Any]]]:
    """`tools` (name, tool) in exercise order: `preferred` first, then by rank and level."""
    by_name = dict(tools)
    first = [(name, by_name[name]) for name in dict.fromkeys(preferred) if name in by_name]
    rest = [(name, tool) for name, tool in tools if name not in {n for n, _ in first}]
    levels = _producer_levels([(n, t) for n, t in rest if tool_rank(t) == PRODUCER])
    rest.sort(
        key=lambda item: (
            tool_rank(item[1]),
            not _creates(item[0]),
            # Listers before other readers: their answers name real things (fuzz.harvest).
            not (tool_rank(item[1]) == READER and is_lister(item[0])),
            levels.get(item[0], 0),
            item[0],
        )
    )
    return first + rest


def _creates(name: str) -> bool:
    return any(word in CREATE for word in words(name))


def singular(word: str) -> str:
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("sses", "xes", "ches", "shes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _nouns(name: str) -> set[str]:
    verbs = PRODUCE | READ | UPDATE | DELETE
    return {singular(w) for w in words(name) if w not in verbs and len(w) > 2}


def _field_words(schema: Any, depth: int = 0) -> set[str]:
    """Singular words of every property name in a schema, a few levels deep."""
    found: set[str] = set()
    if depth > _MAX_FIELD_DEPTH or not isinstance(schema, Mapping):
        return found
    properties = schema.get("properties")
    if isinstance(properties, Mapping):
        for key, sub in properties.items():
            found.update(singular(w) for w in words(str(key)))
            found |= _field_words(sub, depth + 1)
    found |= _field_words(schema.get("items"), depth + 1)
    return found


def _producer_levels(producers: Sequence[tuple[str, Mapping[str, Any]]]) -> dict[str, int]:
    """Longest chain of `uses a noun another producer makes` ending at each producer."""
    makes = {name: _nouns(name) for name, _ in producers}
    uses = {name: _field_words(tool.get("inputSchema")) for name, tool in producers}
    # A creator only waits for other creators: `create_entities` has an
    # `observations` field, but it does not need `add_observations` first.
    needs = {
        name: sorted(
            other
            for other in makes
            if other != name
            and makes[other] & uses[name]
            and (_creates(other) or not _creates(name))
        )
        for name in makes
    }
    levels: dict[str, int] = {}

    def level(name: str, path: frozenset[str]) -> int:
        if name in levels:
            return levels[name]
        deeper = [level(dep, path | {name}) + 1 for dep in needs[name] if dep not in path]
        levels[name] = max(deeper, default=0)
        return levels[name]

    for name in sorted(makes):
        level(name, frozenset())
    return levels
