"""Control calls: the same valid call with one argument replaced by a value that cannot exist.

Beside each valid call whose arguments mcpvcr made up, the plan adds one
control call (case `control:<param>`): the same arguments, one of them
replaced by a nonce of the same type that still passes the input schema.
The judge (`mcpvcr.judge.oracles`) compares the two answers after masking the
values each call sent: when the valid call's answer has the shape of the
control's, the server said "no such thing" for the guess (whatever the
language), so the failure is inconclusive, not a defect. When the parameter
cannot name a thing (a number, free text to echo, an enum) a failure stays
a failure.

The parameter chosen: a string that can name a thing (`names_a_thing`),
else a number; none (booleans, enums, nothing the schema accepts) means no
control call. The nonce is deterministic (seeded), so recordings repeat.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from typing import Any, Final

from mcpvcr.cassette import CONTROL_PREFIX as CONTROL_PREFIX

FREE_TEXT: Final = re.compile(
    r"^(?:text|message|msg|content|body|prompt|query|q|comment|note|notes|description|input"
    r"|data|value|thought|sentence|question|answer|instructions?|markdown|html|code|script"
    r"|expression|expr|template|title|subject|summary|reason|search|keywords?|pattern|regex)$",
    re.IGNORECASE,
)
"""Parameter names of free text (echoed, searched, computed on), which name no thing.

A heuristic of the registry (`oracle.control_param`); when unsure, a string
parameter is taken to name a thing (an id, a name, a path, a URL)."""


def names_a_thing(name: str, schema: Any) -> bool:
    """Whether a parameter can name something that may not exist (an id, a name, a path)."""
    if not isinstance(schema, Mapping):
        return False
    if "enum" in schema or "const" in schema:
        return False
    kind = schema.get("type")
    if kind != "string" and not (isinstance(kind, list) and "string" in kind):
        return False
    if _long_text(schema):
        return False
    words = [w for w in re.split(r"[_\-\s]+|(?<=[a-z])(?=[A-Z])", name) if w]
    return not (FREE_TEXT.match(name) or (words and FREE_TEXT.match(words[-1])))


LONG_TEXT_MIN: Final = 20
"""A string that must be at least this long is prose, not a name (schema evidence)."""


def _long_text(schema: Mapping[str, Any]) -> bool:
    """Whether the schema asks for prose: a long minimum length and no shape of an identifier
    (a pattern, a format, a short maximum such as a UUID's 36)."""
    least = schema.get("minLength")
    most = schema.get("maxLength")
    return (
        isinstance(least, int)
        and least >= LONG_TEXT_MIN
        and "pattern" not in schema
        and "format" not in schema
        and not (isinstance(most, int) and most <= 64)
    )


def control_case(
    tool: Mapping[str, Any], arguments: Any, *, seed: int = 0
) -> tuple[str, dict[str, Any]] | None:
    """(case name, arguments) of the control call for a valid case, or None."""
    schema = tool.get("inputSchema")
    if not isinstance(arguments, dict) or not arguments or not isinstance(schema, Mapping):
        return None
    props = schema.get("properties")
    props = props if isinstance(props, Mapping) else {}
    from mcpvcr.fuzz.schemas import SchemaProblem, build_validator, is_valid

    try:
        validator = build_validator(schema)
    except SchemaProblem:
        return None
    ordered = sorted(arguments, key=lambda k: (not names_a_thing(k, props.get(k)), k))
    for param in ordered:
        for value in _nonces(str(tool.get("name", "")), param, arguments[param], seed):
            changed = {**arguments, param: value}
            if value != arguments[param] and is_valid(validator, changed):
                return f"{CONTROL_PREFIX}{param}", changed
    return None


def _nonces(tool: str, param: str, value: Any, seed: int) -> list[Any]:
    digest = hashlib.sha256(f"{seed}:{tool}:{param}".encode()).hexdigest()
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        # Near the guess: a number names nothing, and a big one can be costly (a duration).
        return [value + 1, value - 1, 7919 + int(digest[:4], 16) % 1000]
    if isinstance(value, float):
        return [value + 1.5, value - 1.5]
    if isinstance(value, str):
        tag = f"zq{digest[:8]}"
        out = [f"mcpvcr-absent-{tag}", f"{value}-{tag}" if value else tag, tag]
        if value.startswith(("/", "./")) or "/" in value:
            out.insert(0, value.rstrip("/") + f"/{tag}")
        if "://" in value:
            out.insert(0, value.rstrip("/") + f"/{tag}")
        return out
    return []
