"""Classify one answer into an outcome and flags (pure; anchors-spec §2.5-2.6, improved).

Outcome, first rule that applies:

| answer                                              | outcome         |
|-----------------------------------------------------|-----------------|
| no answer within the time-out                       | `timeout`       |
| the connection died                                 | `protocolCrash` |
| JSON-RPC error -32602 (invalid params)              | `rejected`      |
| any other JSON-RPC error                            | `protocolCrash` |
| a result that is not an object                      | `protocolCrash` |
| tools/call result with a truthy `isError`           | `toolError`     |
| anything else                                       | `ok`            |

MCProbe scores -32602 like a dead transport; the MCP spec allows it for bad
arguments, so here it is a clean rejection, kept apart from a crash.

Flags (a sorted list):
- `silentlyAccepted`: a malformed case answered `ok`;
- `emptySuccess`: a valid case answered `ok` with nothing in it: no
  `structuredContent` with content, and `content` missing, empty or only
  blank text (any image/audio/resource part counts as content); for
  resources/read an empty `contents`, for prompts/get empty `messages`;
- `outputSchemaViolation`: a valid tools/call answered `ok` whose
  `structuredContent` is missing or fails the tool's `outputSchema`
  (jsonschema, the schema's own dialect); also a `toolError` on a valid case
  whose text says output schema / structured content / output validation (servers built on the
  SDKs validate their own output and report the failure that way). An
  outputSchema that is not itself a valid schema is never held against the
  answer;
- `truncated`: set later by the scrubber when the stored answer was cut.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final, Literal

from mcpvcr.fuzz.schemas import SchemaProblem, build_validator, is_valid
from mcpvcr.jsonrpc import INVALID_PARAMS

Outcome = Literal["ok", "toolError", "rejected", "protocolCrash", "timeout"]
_OUTPUT_SCHEMA_TEXT: Final = re.compile(
    r"output ?schema|structured ?content|output validation", re.IGNORECASE
)


@dataclass(frozen=True)
class Classification:
    outcome: Outcome
    flags: tuple[str, ...] = ()


def classify(
    *,
    method: str,
    malformed: bool,
    result: Any = None,
    error: Mapping[str, Any] | None = None,
    timed_out: bool = False,
    closed: str | None = None,
    output_schema: Any = None,
) -> Classification:
    """Outcome and flags for one answer; the fields mirror `mcpvcr.live.wire.Reply`."""
    if timed_out:
        return Classification("timeout")
    if closed is not None:
        return Classification("protocolCrash")
    if error is not None:
        code = error.get("code") if isinstance(error, Mapping) else None
        is_rejection = (
            isinstance(code, int) and not isinstance(code, bool) and code == INVALID_PARAMS
        )
        return Classification("rejected" if is_rejection else "protocolCrash")
    if not isinstance(result, Mapping):
        return Classification("protocolCrash")
    flags: set[str] = set()
    if method == "tools/call" and result.get("isError"):
        if not malformed and output_schema is not None and _mentions_output_schema(result):
            flags.add("outputSchemaViolation")
        return Classification("toolError", tuple(sorted(flags)))
    if malformed:
        flags.add("silentlyAccepted")
    else:
        if is_empty(method, result):
            flags.add("emptySuccess")
        if method == "tools/call" and violates_output_schema(output_schema, result):
            flags.add("outputSchemaViolation")
    return Classification("ok", tuple(sorted(flags)))


def is_empty(method: str, result: Mapping[str, Any]) -> bool:
    """Whether a successful answer carries nothing (MCProbe's isEmptyResult for tools)."""
    if method == "resources/read":
        contents = result.get("contents")
        return not isinstance(contents, list) or not contents
    if method == "prompts/get":
        messages = result.get("messages")
        return not isinstance(messages, list) or not messages
    structured = result.get("structuredContent")
    if isinstance(structured, dict | list) and structured:
        return False
    content = result.get("content")
    if not isinstance(content, list) or not content:
        return True
    for part in content:
        if not isinstance(part, Mapping):
            continue
        if part.get("type") != "text":
            return False
        text = part.get("text")
        if isinstance(text, str) and text.strip():
            return False
    return True


def violates_output_schema(output_schema: Any, result: Mapping[str, Any]) -> bool:
    """True when the tool declares a usable outputSchema the answer does not honour."""
    if output_schema is None:
        return False
    try:
        validator = build_validator(output_schema, formats=False)
    except SchemaProblem:
        return False  # never fabricate a violation from a schema we cannot use
    structured = result.get("structuredContent")
    if structured is None:
        return True
    return not is_valid(validator, structured)


def _mentions_output_schema(result: Mapping[str, Any]) -> bool:
    content = result.get("content")
    if not isinstance(content, list):
        return False
    for part in content:
        if isinstance(part, Mapping) and part.get("type") == "text":
            text = part.get("text")
            return isinstance(text, str) and bool(_OUTPUT_SCHEMA_TEXT.search(text))
    return False
