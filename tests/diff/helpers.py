"""Builders for small cassettes, so each test states only the change it is about."""

from __future__ import annotations

import copy
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.diff import Changes, diff


def cassette(
    *,
    tools: list[dict[str, Any]] | None = None,
    resources: list[dict[str, Any]] | None = None,
    templates: list[dict[str, Any]] | None = None,
    prompts: list[dict[str, Any]] | None = None,
    server_info: dict[str, Any] | None = None,
    capabilities: dict[str, Any] | None = None,
    instructions: str | None = None,
    protocol: str = "2025-06-18",
    handshake: str = "initialize",
) -> Cassette:
    server: dict[str, Any] = {
        "serverInfo": server_info or {"name": "demo", "version": "1.0.0"},
        "capabilities": capabilities if capabilities is not None else {"tools": {}},
        "protocolVersion": protocol,
    }
    if instructions is not None:
        server["instructions"] = instructions
    c = Cassette.new(
        transport="stdio",
        handshake=handshake,
        protocol_version=protocol,
        client_info={"name": "mcpvcr", "version": "0"},
        client_capabilities={},
        server=server,
    )
    c.body["tools"]["items"] = copy.deepcopy(tools or [])
    c.body["resources"]["items"] = copy.deepcopy(resources or [])
    c.body["resourceTemplates"]["items"] = copy.deepcopy(templates or [])
    c.body["prompts"]["items"] = copy.deepcopy(prompts or [])
    return c


def tool(name: str = "t", **fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "description": "Does a thing.",
        "inputSchema": {"type": "object", "properties": {}},
    }
    data.update(fields)
    return data


def with_input(prop: Any, *, required: bool = False, name: str = "p") -> dict[str, Any]:
    """A tool whose input schema has one property `p` (the schema under test)."""
    schema: dict[str, Any] = {"type": "object", "properties": {name: prop}}
    if required:
        schema["required"] = [name]
    return tool(inputSchema=schema)


def with_output(prop: Any, *, required: bool = True) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "properties": {"p": prop}}
    if required:
        schema["required"] = ["p"]
    return tool(outputSchema=schema)


def tools_diff(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> Changes:
    return diff(cassette(tools=old), cassette(tools=new), cosmetic=True)


def rules_of(changes: Changes) -> set[str]:
    return {change.rule for change in changes.changes}
