"""exit_midway: a normal server that dies in the middle of a fuzz run.

Tools `echo` (text: string), `add` (a, b: number) and `pick` (choice: enum red|green), all
answering normally. After answering --after N tools/call requests (default 3) it writes
"zoo exit_midway: dying after N tool calls" to stderr and exits with status 3 WITHOUT
answering the (N+1)-th call. Lists and the handshake never count.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class ExitMidway(ZooServer):
    after = 3
    calls = 0

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if self.calls >= self.after:
            print(
                f"zoo exit_midway: dying after {self.after} tool calls", file=sys.stderr, flush=True
            )
            sys.exit(3)
        self.calls += 1
        return text_result(f"{name} ok")


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="exit_midway")
    p.add_argument("--after", type=int, default=3)
    a = p.parse_args(argv)
    pick = {
        "name": "pick",
        "description": "Pick a colour for the test.",
        "inputSchema": {
            "type": "object",
            "properties": {"choice": {"type": "string", "enum": ["red", "green"]}},
            "required": ["choice"],
        },
    }
    server = ExitMidway(
        "zoo-exit-midway",
        tools=[
            simple_tool("echo", text="string"),
            simple_tool("add", a="number", b="number"),
            pick,
        ],
    )
    server.after = a.after
    server.serve()
    return 0
