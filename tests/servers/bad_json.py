"""bad_json: answers one method with a line that is not valid JSON (a truncated object).

Option --at METHOD (default tools/list): that method's answer is BROKEN_LINE % id; everything
else is answered correctly (tools `echo`). --at initialize breaks the handshake itself.
"""

from __future__ import annotations

import argparse
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool

BROKEN_LINE = '{"jsonrpc": "2.0", "id": %s, "result": {"tools": [{"name": "echo", "inputSch\n'


class BadJsonServer(ZooServer):
    broken_method = "tools/list"

    def handle(self, message: dict[str, Any]) -> None:
        if message.get("method") == self.broken_method and "id" in message:
            self.write_raw((BROKEN_LINE % message["id"]).encode())
            return
        super().handle(message)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="bad_json")
    p.add_argument("--at", default="tools/list")
    a = p.parse_args(argv)
    server = BadJsonServer("zoo-bad-json", tools=[simple_tool("echo", text="string")])
    server.broken_method = a.at
    server.serve()
    return 0
