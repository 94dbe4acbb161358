"""counter: a stateful server. Tool `next` (no arguments) answers "1", then "2", ... per process;
tool `reset` sets the count back to 0 and answers "0".

A replay that answers repeated identical calls from one recorded answer gets this server wrong:
the recorded answers must come back in recorded order.

`--ask-roots`: like a server syncing the client's roots a moment after `initialize` (on a
stream of its own, over HTTP), it asks `roots/list` (id "s-roots") once, when the first
`tools/call` arrives and before answering it, and then sends the log line
"roots: N" (`notifications/message`). The call's answer does not depend on the roots.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool, text_result


class CounterServer(ZooServer):
    count = 0
    ask_roots = False

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if self.ask_roots:
            self.ask_roots = False
            self._sync_roots()
        if name == "next":
            self.count += 1
            return text_result(str(self.count))
        if name == "reset":
            self.count = 0
            return text_result("0")
        return super().call_tool(name, args)

    def _sync_roots(self) -> None:
        self.write({"jsonrpc": "2.0", "id": "s-roots", "method": "roots/list"})
        for line in sys.stdin.buffer:  # until the client's answer; other lines are dropped
            message = json.loads(line) if line.strip() else {}
            if isinstance(message, dict) and message.get("id") == "s-roots":
                roots = (message.get("result") or {}).get("roots") or []
                self.notify(
                    "notifications/message", {"level": "info", "data": f"roots: {len(roots)}"}
                )
                return


def main(argv: list[str]) -> int:
    tools = [simple_tool("next", "The next number, counting from 1."), simple_tool("reset")]
    server = CounterServer("zoo-counter", tools=tools)
    server.ask_roots = "--ask-roots" in argv
    server.serve()
    return 0
