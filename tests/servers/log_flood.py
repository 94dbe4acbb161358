"""log_flood: before answering every request except initialize it sends --count (default
10,000) `notifications/message` log notifications ({"level": "info", "logger": "zoo",
"data": "flood <i>"}), then the answer. Tools: `echo`. Advertises the logging capability.
"""

from __future__ import annotations

import argparse
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool


class FloodServer(ZooServer):
    count = 10_000

    def answer(self, method: str, params: dict[str, Any]) -> dict[str, Any] | None:
        if method != "initialize":
            for i in range(self.count):
                self.notify(
                    "notifications/message",
                    {"level": "info", "logger": "zoo", "data": f"flood {i}"},
                )
        return super().answer(method, params)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="log_flood")
    p.add_argument("--count", type=int, default=10_000)
    a = p.parse_args(argv)
    server = FloodServer("zoo-log-flood", tools=[simple_tool("echo", text="string")])
    server.capabilities["logging"] = {}
    server.count = a.count
    server.serve()
    return 0
