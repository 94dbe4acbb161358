"""strict_legacy: a legacy server that dies on any method it does not know.

Known: initialize, notifications, ping, the four lists, tools/call (tool `echo`). Any other
request (`server/discover` included, as sent by a client probing the 2026 era first) makes it
write "zoo strict_legacy: unknown method <m>, exiting" to stderr and exit with status 1 without
answering. A client must then retry with the legacy handshake on a fresh process.
"""

from __future__ import annotations

import sys
from typing import Any

from tests.servers._jsonrpc import LIST_METHODS, ZooServer, simple_tool

KNOWN = {"initialize", "ping", "tools/call", *LIST_METHODS}


class StrictServer(ZooServer):
    def answer(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        if method not in KNOWN:
            print(
                f"zoo strict_legacy: unknown method {method}, exiting", file=sys.stderr, flush=True
            )
            sys.exit(1)
        return super().answer(method, params)


def main(argv: list[str]) -> int:
    StrictServer("zoo-strict-legacy", tools=[simple_tool("echo", text="string")]).serve()
    return 0
