"""Check pinned arguments against the listed tools before the fuzz pass (pure).

A pin for a tool that does not exist (a typo, a renamed tool) or a pin that its
tool's inputSchema rejects would otherwise be used silently or not at all; the
recording goes on, but the person is told which pin and why.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any


def pin_warnings(tools: list[Any], pins: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """One line per pin that names no listed tool or breaks its tool's inputSchema."""
    by_name = {
        t["name"]: t for t in tools if isinstance(t, dict) and isinstance(t.get("name"), str)
    }
    warnings: list[str] = []
    for name in sorted(pins):
        tool = by_name.get(name)
        if tool is None:
            close = difflib.get_close_matches(name, list(by_name), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            warnings.append(f"--pin {name}: the server lists no tool {name!r}{hint}; pin unused")
            continue
        problem = _schema_problem(tool.get("inputSchema"), dict(pins[name]))
        if problem:
            warnings.append(
                f"--pin {name}: the pinned arguments break the tool's inputSchema ({problem}); "
                "used anyway as the valid case"
            )
    return warnings


def _schema_problem(schema: Any, arguments: dict[str, Any]) -> str | None:
    if not isinstance(schema, dict):
        return None
    from jsonschema import validators
    from jsonschema.exceptions import SchemaError

    try:
        validator_class = validators.validator_for(schema)
        validator_class.check_schema(schema)
        error = next(iter(validator_class(schema).iter_errors(arguments)), None)
    except (SchemaError, RecursionError, ValueError, TypeError):
        return None  # a broken schema is lint's finding, not the pin's
    if error is None:
        return None
    where = "/".join(str(part) for part in error.absolute_path)
    return f"{where + ': ' if where else ''}{error.message[:120]}"
