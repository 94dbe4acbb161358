"""server_requests: asks the client things before answering tools/list.

When tools/list arrives it first sends four requests to the client: `ping` (id "s-ping"),
`roots/list` ("s-roots"), `sampling/createMessage` ("s-sampling") and `elicitation/create`
("s-elicit"). It answers the tools/list only once all four have been answered (result or
error), with no time limit of its own, and writes one stderr line per answer received:
"zoo server_requests: <method> -> result" or "... -> error <code>". Tools: `echo`.
"""

from __future__ import annotations

import sys
from typing import Any

from tests.servers._jsonrpc import ZooServer, simple_tool

ASKS = {
    "s-ping": ("ping", {}),
    "s-roots": ("roots/list", {}),
    "s-sampling": (
        "sampling/createMessage",
        {
            "messages": [{"role": "user", "content": {"type": "text", "text": "Say hi."}}],
            "maxTokens": 10,
        },
    ),
    "s-elicit": (
        "elicitation/create",
        {
            "message": "Your name?",
            "requestedSchema": {"type": "object", "properties": {"name": {"type": "string"}}},
        },
    ),
}


class AskingServer(ZooServer):
    held: dict[str, Any] | None = None
    waiting: set[str] = set()  # noqa: RUF012 - replaced per tools/list

    def handle(self, message: dict[str, Any]) -> None:
        rid = message.get("id")
        if "method" not in message and rid in self.waiting:
            self.waiting.discard(rid)
            error = message.get("error")
            outcome = f"error {error.get('code')}" if isinstance(error, dict) else "result"
            print(f"zoo server_requests: {ASKS[rid][0]} -> {outcome}", file=sys.stderr, flush=True)
            if not self.waiting and self.held is not None:
                held, self.held = self.held, None
                super().handle(held)
            return
        if message.get("method") == "tools/list" and "id" in message:
            self.held = message
            self.waiting = set(ASKS)
            for ask_id, (method, params) in ASKS.items():
                self.write({"jsonrpc": "2.0", "id": ask_id, "method": method, "params": params})
            return
        super().handle(message)


def main(argv: list[str]) -> int:
    AskingServer("zoo-server-requests", tools=[simple_tool("echo", text="string")]).serve()
    return 0
