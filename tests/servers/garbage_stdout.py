"""garbage_stdout: a working server (tools `echo`, `add`) that pollutes stdout.

Before reading anything it prints the 3 junk lines of STARTUP_JUNK; before every answer it prints
one more junk line ("log: handling <method>"). All valid messages are intact, so a client that
skips non-JSON lines records the full contract. The junk lines per answer make the count
predictable: 3 + number of answered requests.
"""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool

STARTUP_JUNK = (b"Starting zoo server v1.0 ...\n", b"\n", b"{not json at all\n")


class GarbageServer(ZooServer):
    def answer(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        self.write_raw(f"log: handling {method}\n".encode())
        return super().answer(method, params)


def main(argv: list[str]) -> int:
    server = GarbageServer(
        "zoo-garbage-stdout",
        tools=[simple_tool("echo", text="string"), simple_tool("add", a="number", b="number")],
    )
    for junk in STARTUP_JUNK:
        server.write_raw(junk)
    server.serve()
    return 0
