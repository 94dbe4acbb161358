"""JSON-RPC error codes, the MCP methods mcpvcr records and the tool-name grammar, each once.

The recorder, the fuzz classifier, the linter, the scorer and the replay
server all speak about the same wire: a code or a method map defined here is
the same number or name for all of them.
"""

from __future__ import annotations

import re
from typing import Any, Final

PARSE_ERROR: Final = -32700
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
"""What a server should answer malformed tool arguments with (or an isError result)."""
INTERNAL_ERROR: Final = -32603

TOOLS_CALL: Final = "tools/call"
RESOURCES_READ: Final = "resources/read"
PROMPTS_GET: Final = "prompts/get"

LIST_METHODS: Final = {
    "tools": "tools/list",
    "resources": "resources/list",
    "resourceTemplates": "resources/templates/list",
    "prompts": "prompts/list",
}
"""Cassette list kind -> the MCP method that lists it."""

TARGET_FIELD: Final = {TOOLS_CALL: "name", PROMPTS_GET: "name", RESOURCES_READ: "uri"}
"""Which params field names the thing a request acts on (tool, prompt, resource)."""

TARGET_KIND: Final = {TOOLS_CALL: "tool", RESOURCES_READ: "resource", PROMPTS_GET: "prompt"}
"""What the target of each exercised method is, as a finding's location key."""

TOOL_NAME: Final = re.compile(r"^[A-Za-z0-9_.\-]{1,128}$")
"""Tool names the spec allows (SEP-986): 1-128 of letters, digits, `_`, `.` and `-`."""


def content_texts(result: Any) -> list[str]:
    """The `text` of every part of an answer's `content` list that has one, in order.

    The one walk of a tool answer's content (`result` may be anything a server sent:
    a part that is not an object, or a `text` that is not a string, is skipped).
    """
    content = result.get("content") if isinstance(result, dict) else None
    return [
        part["text"]
        for part in (content if isinstance(content, list) else [])
        if isinstance(part, dict) and isinstance(part.get("text"), str)
    ]
