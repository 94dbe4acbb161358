"""Builders of cassettes for tests: a clean baseline tool and targeted variants."""

from __future__ import annotations

import copy
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.judge import mark_judged

CLEAN_TOOL: dict[str, Any] = {
    "name": "clean_tool",
    "description": "Read one note by its string id; read-only, never changes anything.",
    "inputSchema": {
        "type": "object",
        "properties": {"arg": {"type": "string", "description": "The note id, e.g. n-1."}},
        "required": ["arg"],
    },
    "annotations": {"readOnlyHint": True},
}


def tool(**changes: Any) -> dict[str, Any]:
    """The clean tool with top-level keys replaced (a value of None deletes the key)."""
    out = copy.deepcopy(CLEAN_TOOL)
    for key, value in changes.items():
        if value is None:
            out.pop(key, None)
        else:
            out[key] = value
    return out


def schema(
    properties: dict[str, Any], required: list[str] | None = None, **extra: Any
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "properties": properties, **extra}
    if required is not None:
        out["required"] = required
    return out


def cassette(
    *,
    tools: list[Any] | None = None,
    resources: list[Any] | None = None,
    templates: list[Any] | None = None,
    prompts: list[Any] | None = None,
    capabilities: dict[str, Any] | None = None,
    server_info: dict[str, Any] | None = None,
    instructions: str | None = None,
    interactions: list[dict[str, Any]] | None = None,
    diagnostics: dict[str, Any] | None = None,
    fuzz: bool = False,
    incomplete: str | None = None,
    list_errors: dict[str, dict[str, Any]] | None = None,
    coverage: dict[str, Any] | None = None,
) -> Cassette:
    """A cassette with the given lists; by default one clean tool and only the tools capability.

    The interactions' `outcome` and `flags` are taken as the current judge's
    verdicts (`mcpvcr.judge.mark_judged`): unit tests of scoring and lint state
    verdicts directly. Saved to a file and loaded again, it is judged afresh.
    """
    server: dict[str, Any] = {
        "protocolVersion": "2025-11-25",
        "serverInfo": server_info if server_info is not None else {"name": "t", "version": "1.0"},
        "capabilities": capabilities if capabilities is not None else {"tools": {}},
    }
    if instructions is not None:
        server["instructions"] = instructions
    result = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={"name": "mcpvcr", "version": "0"},
        client_capabilities={},
        options={"fuzz": fuzz},
        server=server,
    )
    lists = {
        "tools": [copy.deepcopy(CLEAN_TOOL)] if tools is None else tools,
        "resources": resources or [],
        "resourceTemplates": templates or [],
        "prompts": prompts or [],
    }
    for kind, items in lists.items():
        result.body[kind] = {"items": items, "pageSizes": [len(items)]}
    for kind, error in (list_errors or {}).items():
        result.body[kind]["error"] = error
    result.body["interactions"] = interactions or []
    result.body["diagnostics"] = diagnostics or {}
    if coverage is not None:
        result.body["coverage"] = coverage
    if incomplete is not None:
        result.header["complete"] = False
        result.header["incomplete"] = incomplete
    return mark_judged(result)


def call(
    target: str = "clean_tool",
    case: str = "valid",
    *,
    outcome: str = "ok",
    flags: list[str] | None = None,
    response: dict[str, Any] | None = None,
    latency: int = 200,
    method: str = "tools/call",
) -> dict[str, Any]:
    """One recorded interaction."""
    if response is None:
        response = {"result": {"content": [{"type": "text", "text": "done"}], "isError": False}}
    return {
        "method": method,
        "target": target,
        "case": case,
        "params": {"name": target, "arguments": {}},
        "response": response,
        "outcome": outcome,
        "flags": flags or [],
        "latencyMs": latency,
    }


def tool_error(text: str = "bad input") -> dict[str, Any]:
    return {"result": {"content": [{"type": "text", "text": text}], "isError": True}}


def rpc_error(code: int, message: str = "boom") -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}
