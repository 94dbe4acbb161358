"""counter: a stateful server. Tool `next` (no arguments) answers "1", then "2", ... per process;
tool `reset` sets the count back to 0 and answers "0"; tool `ask` asks the client
`sampling/createMessage` (id "s-sample", "What is 2+2?") and answers "sampled: <its text>"
(or "sampling refused: <code>").

A replay that answers repeated identical calls from one recorded answer gets this server wrong:
the recorded answers must come back in recorded order.

Messages that arrive while the server waits for the client's answer are handled after it.
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
    backlog: list[dict[str, Any]]

    def handle(self, message: dict[str, Any]) -> None:
        """Messages that came while waiting for the client's answer are handled after."""
        self.backlog = getattr(self, "backlog", [])
        super().handle(message)
        while self.backlog:
            super().handle(self.backlog.pop(0))

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
        if name == "ask":
            question = {"role": "user", "content": {"type": "text", "text": "What is 2+2?"}}
            answer = self._ask(
                "s-sample", "sampling/createMessage", {"messages": [question], "maxTokens": 5}
            )
            if "error" in answer:
                return text_result(f"sampling refused: {answer['error'].get('code')}")
            return text_result(f"sampled: {answer['result']['content']['text']}")
        return super().call_tool(name, args)

    def _sync_roots(self) -> None:
        answer = self._ask("s-roots", "roots/list", None)
        roots = (answer.get("result") or {}).get("roots") or []
        self.notify("notifications/message", {"level": "info", "data": f"roots: {len(roots)}"})

    def _ask(self, ident: str, method: str, params: Any) -> dict[str, Any]:
        request: dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
        if params is not None:
            request["params"] = params
        self.write(request)
        for line in sys.stdin.buffer:  # until the client's answer; the rest waits its turn
            message = json.loads(line) if line.strip() else {}
            if isinstance(message, dict) and message.get("id") == ident:
                return message
            if isinstance(message, dict):
                self.backlog.append(message)
        return {"error": {"code": 0}}


def main(argv: list[str]) -> int:
    tools = [
        simple_tool("next", "The next number, counting from 1."),
        simple_tool("reset"),
        simple_tool("ask", "Ask the client's model what 2+2 is."),
    ]
    server = CounterServer("zoo-counter", tools=tools)
    server.ask_roots = "--ask-roots" in argv
    server.serve()
    return 0
