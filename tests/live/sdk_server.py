"""An mcp SDK `MCPServer` (dual-era: initialize and 2026-07-28 server/discover) for the tests.

python tests/live/sdk_server.py            # stdio
python tests/live/sdk_server.py PORT       # streamable HTTP on 127.0.0.1:PORT/mcp
"""

from __future__ import annotations

import sys

from mcp.server import MCPServer

server = MCPServer("sdk-dual-era", version="3.1.4", instructions="A dual-era test server.")


@server.tool()
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


@server.resource("sdk://readme")
def readme() -> str:
    """The readme."""
    return "read me"


@server.prompt()
def review(code: str) -> str:
    """Review some code."""
    return f"Review this: {code}"


if __name__ == "__main__":
    if len(sys.argv) > 1:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[1]))
    else:
        server.run()
