"""A client developer's test against a replayed cassette: no live server needed.

`@pytest.mark.mcpvcr(...)` names the cassette; the `mcpvcr_server` fixture
gives the stdio command of `mcpvcr replay` (installed with mcpvcr as a pytest
plugin), and `mcpvcr_http_server` gives a URL. Here the official Python SDK
client talks to server-everything exactly as it answered when recorded.
"""

from __future__ import annotations

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamable_http_client

from mcpvcr.pytest_plugin import ReplayServer

CASSETTE = "cassettes/everything.mcpvcr"


async def echo_over(session: ClientSession) -> tuple[list[str], str]:
    await session.initialize()
    tools = await session.list_tools()
    result = await session.call_tool("echo", {"message": "Hello from mcpvcr"})
    text = result.content[0].text if result.content[0].type == "text" else ""
    return sorted(tool.name for tool in tools.tools), text


@pytest.mark.mcpvcr(CASSETTE)
def test_client_lists_and_calls_over_stdio(mcpvcr_server: ReplayServer) -> None:
    async def main() -> tuple[list[str], str]:
        params = StdioServerParameters(**mcpvcr_server.stdio_parameters())  # type: ignore[arg-type]
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write, read_timeout_seconds=10) as session,
        ):
            return await echo_over(session)

    names, text = anyio.run(main)
    assert "echo" in names and len(names) == 14
    assert text == "Echo: Hello from mcpvcr"


@pytest.mark.mcpvcr(CASSETTE)
def test_client_over_http(mcpvcr_http_server: ReplayServer) -> None:
    async def main() -> tuple[list[str], str]:
        assert mcpvcr_http_server.url is not None
        async with (
            streamable_http_client(mcpvcr_http_server.url) as (read, write),
            ClientSession(read, write, read_timeout_seconds=10) as session,
        ):
            return await echo_over(session)

    names, text = anyio.run(main)
    assert "echo" in names
    assert text == "Echo: Hello from mcpvcr"


@pytest.mark.mcpvcr(CASSETTE)
def test_unrecorded_call_is_a_clear_replay_miss(mcpvcr_server: ReplayServer) -> None:
    async def main() -> str:
        params = StdioServerParameters(**mcpvcr_server.stdio_parameters())  # type: ignore[arg-type]
        async with (
            stdio_client(params) as (read, write),
            ClientSession(read, write, read_timeout_seconds=10) as session,
        ):
            await session.initialize()
            try:
                await session.call_tool("echo", {"message": "never recorded"})
            except Exception as err:  # the SDK raises MCPError for JSON-RPC errors
                return str(err)
            return "no error"

    message = anyio.run(main)
    assert "replay miss" in message and "closest recorded interactions" in message
