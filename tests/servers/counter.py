"""counter: a stateful server. Tool `next` (no arguments) answers "1", then "2", ... per process;
tool `reset` sets the count back to 0 and answers "0".

A replay that answers repeated identical calls from one recorded answer gets this server wrong:
the recorded answers must come back in recorded order.
"""

from __future__ import annotations

from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class CounterServer(ZooServer):
    count = 0

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "next":
            self.count += 1
            return text_result(str(self.count))
        if name == "reset":
            self.count = 0
            return text_result("0")
        return super().call_tool(name, args)


def main(argv: list[str]) -> int:
    tools = [simple_tool("next", "The next number, counting from 1."), simple_tool("reset")]
    CounterServer("zoo-counter", tools=tools).serve()
    return 0
