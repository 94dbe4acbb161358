"""A client on the official MCP Python SDK that prints what it saw of the fixture server as JSON.

    python -m tests.replay.sdk_client URL|--stdio COMMAND... [--sampling-answer TEXT]

It declares sampling, elicitation and roots, lists the tools, and calls the tools that
log, report progress, ask for sampling, ask for roots and announce a tool list change,
collecting every notification the server sends. Used to compare a live server, a
record-through proxy and a replay through a client nobody here wrote.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

import anyio
import mcp_types as types
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


class Seen:
    """Everything the server sent this client besides answers."""

    def __init__(self, sampling_answer: str) -> None:
        self.sampling_answer = sampling_answer
        self.logs: list[Any] = []
        self.progress: list[float] = []
        self.notifications: list[str] = []

    async def sampling(self, _context: Any, params: Any) -> types.CreateMessageResult:
        content = types.TextContent(type="text", text=self.sampling_answer)
        return types.CreateMessageResult(role="assistant", content=content, model="sdk-test")

    async def elicitation(self, _context: Any, params: Any) -> types.ElicitResult:
        return types.ElicitResult(action="decline")

    async def roots(self, _context: Any) -> types.ListRootsResult:
        root = types.Root.model_validate({"uri": "file:///work/project", "name": "project"})
        return types.ListRootsResult(roots=[root])

    async def logging(self, params: Any) -> None:
        self.logs.append(params.data)

    async def messages(self, message: Any) -> None:
        root = getattr(message, "root", message)
        method = getattr(root, "method", None)
        if isinstance(method, str):
            self.notifications.append(method)

    async def on_progress(self, progress: float, total: float | None, message: str | None) -> None:
        self.progress.append(progress)


def _text(result: Any) -> Any:
    if getattr(result, "is_error", False):
        return {"isError": [getattr(c, "text", None) for c in result.content]}
    return [getattr(c, "text", getattr(c, "type", None)) for c in result.content]


async def drive(session: ClientSession, seen: Seen) -> dict[str, Any]:
    init = await session.initialize()
    tools = [tool.name for tool in (await session.list_tools()).tools]
    await session.set_logging_level("debug")
    calls: dict[str, Any] = {}
    for name, arguments in (
        ("test_simple_text", {}),
        ("test_tool_with_logging", {}),
        ("test_sampling", {"prompt": "What is 2+2?"}),
        ("test_roots", {}),
        ("test_list_changed", {}),
    ):
        try:
            calls[name] = _text(await session.call_tool(name, arguments))
        except Exception as err:  # an MCP error answer: what the client shows its user
            calls[name] = {"error": str(err)}
    progress = await session.call_tool(
        "test_tool_with_progress", {}, progress_callback=seen.on_progress
    )
    calls["test_tool_with_progress"] = _text(progress)
    await anyio.sleep(0.2)  # notifications sent just before an answer may trail it
    return {
        "protocolVersion": init.protocol_version,
        "server": init.server_info.name,
        "tools": tools,
        "calls": calls,
        "logs": seen.logs,
        "progress": seen.progress,
        "listChanged": [n for n in seen.notifications if n.endswith("list_changed")],
    }


async def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("url", nargs="?")
    parser.add_argument("--stdio", nargs=argparse.REMAINDER)
    parser.add_argument("--sampling-answer", default="4")
    args = parser.parse_args(argv)
    seen = Seen(args.sampling_answer)
    callbacks: dict[str, Any] = {
        "sampling_callback": seen.sampling,
        "elicitation_callback": seen.elicitation,
        "list_roots_callback": seen.roots,
        "logging_callback": seen.logging,
        "message_handler": seen.messages,
        "read_timeout_seconds": 30,
    }
    if args.stdio:
        server = StdioServerParameters(command=args.stdio[0], args=args.stdio[1:])
        transport = stdio_client(server)
    else:
        transport = streamable_http_client(args.url)
    async with transport as (read, write), ClientSession(read, write, **callbacks) as session:
        summary = await drive(session, seen)
    print(json.dumps(summary, sort_keys=True))


if __name__ == "__main__":
    anyio.run(main, sys.argv[1:])
