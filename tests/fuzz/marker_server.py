"""A tiny stdio MCP server for the fuzz tests: a destructive tool that leaves a marker file.

`python -m tests.fuzz.marker_server MARKER_DIR` serves:
- `wipe` (annotations.destructiveHint true): writes MARKER_DIR/wipe-called, answers "wiped";
- `count` (a clean tool): answers the number it was given, rejects anything else;
- `crash`: exits the process at once (a server dying mid-fuzz), but only on its valid case,
  so the death happens at a known point of the plan.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import anyio

TOOLS: list[dict[str, Any]] = [
    {
        "name": "count",
        "description": "Echo a count.",
        "inputSchema": {
            "type": "object",
            "properties": {"n": {"type": "integer", "minimum": 0}},
            "required": ["n"],
            "additionalProperties": False,
        },
    },
    {
        "name": "crash",
        "description": "Exit the server.",
        "inputSchema": {
            "type": "object",
            "properties": {"really": {"type": "boolean"}},
            "required": ["really"],
        },
    },
    {
        "name": "wipe",
        "description": "Delete everything.",
        "inputSchema": {
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
        "annotations": {"destructiveHint": True},
    },
]


def _text(text: str, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if error:
        result["isError"] = True
    return result


def build(marker_dir: Path, crash: bool) -> Any:
    from mcp.server import Server

    async def list_tools(ctx: Any, params: Any) -> Any:
        return {"tools": [t for t in TOOLS if crash or t["name"] != "crash"]}

    async def call_tool(ctx: Any, params: Any) -> Any:
        args = params.arguments if isinstance(params.arguments, dict) else {}
        if params.name == "wipe":
            (marker_dir / "wipe-called").write_text("called")
            return _text("wiped")
        if params.name == "crash":
            if args == {"really": False}:
                os._exit(3)
            return _text("not crashing", error=True)
        n = args.get("n")
        if set(args) != {"n"} or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return _text("n must be a non-negative integer and nothing else", error=True)
        return _text(str(n))

    return Server(
        "marker-server", version="1.0.0", on_list_tools=list_tools, on_call_tool=call_tool
    )


async def _serve(marker_dir: Path, crash: bool) -> None:
    from mcp.server.stdio import stdio_server

    server = build(marker_dir, crash)
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(_serve, Path(sys.argv[1]), "--crash" in sys.argv)
