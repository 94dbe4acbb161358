"""How the recorder answers a server's `elicitation/create` (MCP 2025-11-25 elicitation).

Elicitation asks a *person*: an `accept` means "the user explicitly approved
and submitted" the data. mcpvcr records unattended, so by default it declares
no elicitation capability and answers any elicitation with -32602, the error
the spec names for a request whose mode the client did not declare.

`--elicit-defaults` is the operator's approval given in advance, for one kind
of answer only: mcpvcr then declares form mode and accepts each form with the
values the *server itself* proposed as `default`s. Nothing the server did not
already send goes back to it, so the answer discloses nothing about anyone.
When a required field has no default, or the defaults do not satisfy the
server's own schema, there is no answer a person would have approved without
seeing the form: mcpvcr cancels ("dismissed without an explicit choice").
URL mode is never declared: it means opening a page for a person.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, Final

from mcpvcr.jsonrpc import INVALID_PARAMS

ELICITATION_CAPABILITY: Final[dict[str, Any]] = {"form": {}}
"""The capability `--elicit-defaults` declares: form mode only."""

CANCEL: Final[dict[str, Any]] = {"action": "cancel"}


def client_capabilities(base: Mapping[str, Any], elicit_defaults: bool) -> dict[str, Any]:
    """`base` plus the elicitation capability when the operator allowed default answers."""
    if not elicit_defaults:
        return dict(base)
    return {**base, "elicitation": copy.deepcopy(ELICITATION_CAPABILITY)}


def answer(params: Any, *, elicit_defaults: bool) -> dict[str, Any]:
    """The reply body for one `elicitation/create`: {"result": ...} or {"error": ...}."""
    mode = params.get("mode", "form") if isinstance(params, dict) else None
    if not elicit_defaults or mode != "form":
        # A request without a declared mode is invalid params in the spec's terms.
        declared = "form mode only" if elicit_defaults else "no elicitation capability"
        return _error(f"mcpvcr declared {declared}; elicitation mode {mode!r} is not answered")
    schema = params.get("requestedSchema")
    properties = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(properties, dict):
        return _error("elicitation/create: requestedSchema has no properties object")
    return {"result": defaults_answer(schema, properties)}


def defaults_answer(schema: dict[str, Any], properties: dict[str, Any]) -> dict[str, Any]:
    """`accept` with every property's default, or `cancel` when that is not a valid answer."""
    content = {
        name: spec["default"]
        for name, spec in properties.items()
        if isinstance(spec, dict) and "default" in spec
    }
    required = schema.get("required")
    if isinstance(required, list) and any(name not in content for name in required):
        return dict(CANCEL)
    if not _valid(content, schema):
        return dict(CANCEL)
    return {"action": "accept", "content": content}


def _valid(content: dict[str, Any], schema: dict[str, Any]) -> bool:
    """Whether the defaults satisfy the server's schema (a broken schema: not valid)."""
    import jsonschema

    try:
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
        return bool(validator_class(schema).is_valid(content))
    except (jsonschema.SchemaError, jsonschema.exceptions.UnknownType):
        return False


def _error(message: str) -> dict[str, Any]:
    return {"error": {"code": INVALID_PARAMS, "message": message}}
