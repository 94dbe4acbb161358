"""slow_tool: tool `slow` never answers; tool `fast` answers at once ("fast ok").

The server keeps serving other requests while a `slow` call is outstanding (it simply never
writes that answer), and ignores notifications/cancelled. A client must time the call out.
"""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class SlowServer(ZooServer):
    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "slow":
            return None  # never answer
        return text_result(f"{name} ok")


def main(argv: list[str]) -> int:
    SlowServer("zoo-slow-tool", tools=[simple_tool("fast"), simple_tool("slow")]).serve()
    return 0
