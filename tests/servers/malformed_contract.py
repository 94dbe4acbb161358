"""malformed_contract: a tools/list full of broken tools (one page), plus one good tool.

In list order:
1. (no name) {"description": "A tool with no name.", "inputSchema": {"type": "object"}}
2. `no_schema`: no inputSchema at all
3. `array_schema`: inputSchema {"type": "array", "items": {"type": "string"}} (root not object)
4. `string_schema`: inputSchema "not a schema" (not even an object)
5. `recursive_ref`: property `node` -> {"$ref": "#/$defs/node"}, and $defs.node has a property
   `child` -> {"$ref": "#/$defs/node"} (infinite if expanded), plus `loop` -> {"$ref": "#"}
6. `deep_nesting`: property `level` nested --depth times (default 300) as
   {"type": "object", "properties": {"level": ...}}, innermost {"type": "string"}
7. `dup` (description "First of two tools named dup.") and
8. `dup` ("Second of two tools named dup.")
9. `ok_tool`: a clean tool (described string `q`, required, readOnlyHint)
With --weird, also: 42, "just a string", null, and {"name": 123, "inputSchema": {"type": "object"}}.
tools/call of any named tool answers "called <name>".
"""

from __future__ import annotations

import argparse
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool


def deep_schema(depth: int) -> dict[str, Any]:
    """An object schema whose property `level` nests `depth` levels deep."""
    node: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        node = {"type": "object", "properties": {"level": node}}
    return node


def broken_tools(depth: int, weird: bool) -> list[Any]:
    node_def = {
        "type": "object",
        "properties": {"child": {"$ref": "#/$defs/node"}, "value": {"type": "string"}},
    }
    good = simple_tool("ok_tool", "A clean tool that answers every valid call.", q="string")
    good["annotations"] = {"readOnlyHint": True}
    tools: list[Any] = [
        {"description": "A tool with no name.", "inputSchema": {"type": "object"}},
        {"name": "no_schema", "description": "A tool without an input schema."},
        {
            "name": "array_schema",
            "description": "A tool whose input schema is an array.",
            "inputSchema": {"type": "array", "items": {"type": "string"}},
        },
        {
            "name": "string_schema",
            "description": "A tool whose schema is a string.",
            "inputSchema": "not a schema",
        },
        {
            "name": "recursive_ref",
            "description": "A tool whose schema refers to itself.",
            "inputSchema": {
                "type": "object",
                "properties": {"node": {"$ref": "#/$defs/node"}, "loop": {"$ref": "#"}},
                "$defs": {"node": node_def},
            },
        },
        {
            "name": "deep_nesting",
            "description": f"A schema nested {depth} levels deep.",
            "inputSchema": deep_schema(depth),
        },
        {
            "name": "dup",
            "description": "First of two tools named dup.",
            "inputSchema": {"type": "object"},
        },
        {
            "name": "dup",
            "description": "Second of two tools named dup.",
            "inputSchema": {"type": "object"},
        },
        good,
    ]
    if weird:
        tools += [42, "just a string", None, {"name": 123, "inputSchema": {"type": "object"}}]
    return tools


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="malformed_contract")
    p.add_argument("--depth", type=int, default=300)
    p.add_argument("--weird", action="store_true")
    a = p.parse_args(argv)
    ZooServer("zoo-malformed-contract", tools=broken_tools(a.depth, a.weird)).serve()
    return 0
