"""A cassette equal in substance to a fuzzed recording of the demo target (examples/demo_target).

Built in code so the expected score can be computed by hand from what is here:
four tools (greet, divide, set_mode, well_behaved) with MCProbe's demo flaws,
and the 13 recorded tools/call interactions of a fuzz pass.
"""

from __future__ import annotations

from typing import Any

from mcpvcr.cassette import Cassette

TOOLS: list[dict[str, Any]] = [
    {
        "name": "divide",
        "description": "Divide a by b and return the quotient.",
        "inputSchema": {"type": "object", "properties": {"a": {}, "b": {}}},
    },
    {
        "name": "greet",
        "inputSchema": {"type": "object", "properties": {"name": {}}},
    },
    {
        "name": "set_mode",
        "description": "Set mode.",
        "inputSchema": {
            "type": "object",
            "properties": {"mode": {"type": "string", "enum": ["fast", "safe", "verbose"]}},
            "required": ["mode"],
        },
    },
    {
        "name": "well_behaved",
        "description": "Return a polite greeting; rejects an empty greeting with a tool error.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "greeting": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The greeting to echo back, at least one character.",
                }
            },
            "required": ["greeting"],
        },
    },
]


def _ok(text: str) -> dict[str, Any]:
    return {"result": {"content": [{"type": "text", "text": text}], "isError": False}}


def _tool_error(text: str) -> dict[str, Any]:
    return {"result": {"content": [{"type": "text", "text": text}], "isError": True}}


def _call(
    tool: str, case: str, arguments: dict[str, Any], response: dict[str, Any], outcome: str
) -> dict[str, Any]:
    flags = ["silentlyAccepted"] if case != "valid" and outcome == "ok" else []
    return {
        "method": "tools/call",
        "target": tool,
        "case": case,
        "params": {"name": tool, "arguments": arguments},
        "response": response,
        "outcome": outcome,
        "flags": flags,
        "latencyMs": 200,
    }


GARBAGE = "__mcpvcr_garbage__"
INTERACTIONS: list[dict[str, Any]] = [
    _call("divide", "valid", {"a": None, "b": None}, _ok('{"result": null}'), "ok"),
    _call("divide", "extra_garbage", {"a": None, "b": None, GARBAGE: True}, _ok("null"), "ok"),
    _call("greet", "valid", {"name": None}, _ok("Hello, None!"), "ok"),
    _call("greet", "extra_garbage", {"name": None, GARBAGE: True}, _ok("Hello, None!"), "ok"),
    _call("set_mode", "valid", {"mode": "fast"}, _ok("mode set to fast"), "ok"),
    _call(
        "set_mode",
        "missing_required:mode",
        {},
        _tool_error("Input validation error: 'mode' is a required property"),
        "toolError",
    ),
    _call(
        "set_mode",
        "wrong_type:mode",
        {"mode": 123},
        _tool_error("Input validation error: 123 is not of type 'string'"),
        "toolError",
    ),
    _call(
        "set_mode",
        "out_of_enum:mode",
        {"mode": "__mcpvcr_out_of_enum__"},
        _tool_error(
            "Input validation error: '__mcpvcr_out_of_enum__' is not one of "
            "['fast', 'safe', 'verbose']"
        ),
        "toolError",
    ),
    _call(
        "set_mode", "extra_garbage", {"mode": "fast", GARBAGE: True}, _ok("mode set to fast"), "ok"
    ),
    _call("well_behaved", "valid", {"greeting": "hello"}, _ok("hello, friend"), "ok"),
    _call(
        "well_behaved",
        "missing_required:greeting",
        {},
        _tool_error("Input validation error: 'greeting' is a required property"),
        "toolError",
    ),
    _call(
        "well_behaved",
        "wrong_type:greeting",
        {"greeting": 123},
        _tool_error("Input validation error: 123 is not of type 'string'"),
        "toolError",
    ),
    _call(
        "well_behaved",
        "extra_garbage",
        {"greeting": "hello", GARBAGE: True},
        _ok("hello, friend"),
        "ok",
    ),
]


def demo_cassette(*, fuzzed: bool = True) -> Cassette:
    """The demo target's cassette; `fuzzed=False` gives the static (contract-only) recording."""
    cassette = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={"name": "mcpvcr", "version": "0.1.0"},
        client_capabilities={},
        options={"fuzz": fuzzed, "seed": 0, "maxTools": None, "fuzzDestructive": False},
        server={
            "protocolVersion": "2025-11-25",
            "serverInfo": {"name": "demo-target", "version": "0.1.0"},
            "capabilities": {"tools": {"listChanged": False}},
        },
    )
    cassette.body["tools"] = {"items": [dict(t) for t in TOOLS], "pageSizes": [len(TOOLS)]}
    if fuzzed:
        cassette.body["interactions"] = [dict(i) for i in INTERACTIONS]
        cassette.body["coverage"] = {
            "tools": 4,
            "fuzzed": 4,
            "skippedDestructive": [],
            "skippedOverCap": [],
            "noValidCase": {},
        }
    return cassette
