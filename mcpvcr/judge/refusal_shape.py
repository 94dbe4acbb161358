"""`oracle.refusal_shape`: a server's refusals that never set isError, found by their shape.

A server that refuses malformed input in plain text with `isError: false`
("Fehler: ungültige Argumente für ...", "Error occurred: Invalid arguments for
tool X: [...]", an opaque code) looks, call by call, as if it took the bad input.
Its refusals share a shape, whatever the language: the first line of the answer,
with the values the call sent, the names of the tool and its parameters and
the numbers masked. When that lead line

- answers at least `MIN_ANSWERS` malformed cases of at least two tools (or of
  the only tool, whose valid call got another answer),
- leads the successful valid calls of fewer than half as many tools (a valid
  call the server refuses too, stricter than its schema, is no counter-evidence;
  value literals such as NaN, null or false count as values, so "Result: NaN"
  leads like "Result: 3"), and
- mostly comes with an answer that names the parameter its case broke (a
  validator says which argument is wrong, in any language; "Done" does not),

the answers that carry it are refusals dressed as success: `garbageAnswer`
(the missing isError is still the server's), and for a malformed case not
`silentlyAccepted`. A server that really takes bad input answers it the way it
answers good input (an echo, a result), so its lead line is shared with the
valid calls and nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

from mcpvcr.judge.answers import content_shape, mask, plain_ok, skeleton

MIN_ANSWERS: Final = 3
"""Malformed answers a lead line must begin before it counts as the server's refusal."""
_LEAD_CHARS: Final = 48
_LITERALS: Final = re.compile(
    r"(?<![\w])(?:nan|[+-]?infinity|null|undefined|none|nil|true|false)(?![\w])", re.I
)


def apply(
    items: Sequence[dict[str, Any]], tools: Mapping[str, Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """The items, with `ok` answers that carry the server's refusal shape re-flagged."""
    if not any(_candidate(item) for item in items):
        return list(items)  # nothing called silently accepted: no shape to look for
    leads = {id(item): lead(item, tools) for item in items if item.get("method") == "tools/call"}
    refusals = _refusal_leads(items, leads)
    if not refusals:
        return list(items)
    return [
        _refusal(item)
        if (_candidate(item) or plain_ok(item)) and leads.get(id(item)) in refusals
        else item
        for item in items
    ]


def lead(item: Mapping[str, Any], tools: Mapping[str, Mapping[str, Any]]) -> str | None:
    """The answer's first non-blank line; values sent, the tool's and its parameters'
    names and digits masked (a refusal names what it refuses: the shape is the rest)."""
    text = content_shape(item)
    if not text:
        return None
    target = str(item.get("target", ""))
    schema = (tools.get(target) or {}).get("inputSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    names = [target, *(str(p) for p in props)] if isinstance(props, Mapping) else [target]
    text = mask(text, [n for n in names if len(n) >= 3])
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return _LITERALS.sub("#", skeleton(first))[:_LEAD_CHARS] or None


def _names_broken_param(item: Mapping[str, Any]) -> bool | None:
    """Whether the answer names the parameter its case broke (None: the case broke none)."""
    _, _, param = str(item.get("case", "")).partition(":")
    if len(param) < 2:
        return None
    text = content_shape(item) or ""
    return re.search(rf"(?<![\w]){re.escape(param)}(?![\w])", text) is not None


def _refusal_leads(items: Sequence[Mapping[str, Any]], leads: Mapping[int, str | None]) -> set[str]:
    answers: dict[str, int] = {}
    naming: dict[str, list[bool]] = {}
    tools: dict[str, set[str]] = {}
    valid_tools: dict[str, set[str]] = {}  # tool -> leads of its successful valid calls
    for item in items:
        if item.get("method") != "tools/call":
            continue
        found = leads.get(id(item))
        if found is None:
            continue
        target = str(item.get("target"))
        if plain_ok(item):
            valid_tools.setdefault(target, set()).add(found)
        elif _candidate(item):
            answers[found] = answers.get(found, 0) + 1
            tools.setdefault(found, set()).add(target)
            names = _names_broken_param(item)
            if names is not None:
                naming.setdefault(found, []).append(names)
    one_tool = len({str(i.get("target")) for i in items if i.get("method") == "tools/call"}) == 1
    out: set[str] = set()
    for found, count in answers.items():
        named = naming.get(found, [])
        if count < MIN_ANSWERS or sum(named) * 2 <= len(named):
            continue
        targets = tools[found]
        leading = {tool for tool, theirs in valid_tools.items() if found in theirs}
        if len(leading) * 2 >= len(targets):
            continue  # the valid calls succeed with it: it is how this server answers
        only = next(iter(targets)) if len(targets) == 1 else None
        if only is None or (valid_tools.get(only) and one_tool):
            out.add(found)
    return out


def _candidate(item: Mapping[str, Any]) -> bool:
    """A malformed case the schema forbids, answered ok and so far called silently accepted."""
    flags = item.get("flags")
    facts = item.get("facts")
    return (
        item.get("method") == "tools/call"
        and item.get("outcome") == "ok"
        and isinstance(flags, list)
        and "silentlyAccepted" in flags
        and isinstance(facts, list)
        and "malformed" in facts
        and "allowed" not in facts
    )


def _refusal(item: dict[str, Any]) -> dict[str, Any]:
    """A refusal dressed as success (the valid call's too: the server refused its input)."""
    flags = sorted({*item.get("flags", []), "garbageAnswer"} - {"silentlyAccepted"})
    return {**item, "flags": flags, "by": "oracle.refusal_shape"}
