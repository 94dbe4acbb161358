"""One client connected to a replay: what it declared, and asking it things.

A replayed (or proxied) server talks back to its client during a call: log
lines and progress as notifications, `sampling/createMessage`,
`elicitation/create` and `roots/list` as requests the client must answer.
`Peer` holds what the client declared at `initialize` and matches the client's
answers to the requests the replay sent; an `Outbox` is where messages for the
client go while one request is being answered (stdout over stdio, the
request's SSE stream over HTTP).
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Final

Outbox = Callable[[dict[str, Any]], Awaitable[None]]
"""Send one JSON-RPC message to the client, on the stream of the request being answered."""

CAPABILITY_FOR: Final = {
    "sampling/createMessage": "sampling",
    "elicitation/create": "elicitation",
    "roots/list": "roots",
}
"""The client capability a server-to-client request needs (ping needs none)."""

ASK_TIMEOUT: Final = 300.0
"""Seconds a client has to answer a request (a person may be answering an elicitation)."""

_IDS = itertools.count(1)


@dataclass
class Peer:
    """A client connection: its declared capabilities and its pending answers."""

    capabilities: dict[str, Any] = field(default_factory=dict)
    protocol_version: str | None = None
    upstream: Any = None
    """Record-through modes: the live session to the real server for this client."""
    gone: bool = False
    served: set[int] = field(default_factory=set)
    """Indices of the recorded interactions already replayed to this client: a repeated
    identical request gets the next recorded answer, in recorded order."""
    _pending: dict[str, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)

    def declared(self, params: Any) -> None:
        """Keep what the client's `initialize` params declared."""
        if not isinstance(params, dict):
            return
        capabilities = params.get("capabilities")
        self.capabilities = capabilities if isinstance(capabilities, dict) else {}
        version = params.get("protocolVersion")
        self.protocol_version = version if isinstance(version, str) else None

    def allows(self, method: str) -> bool:
        """True when the client declared what this server-to-client request needs."""
        needed = CAPABILITY_FOR.get(method)
        return needed is None or needed in self.capabilities

    async def ask(
        self, out: Outbox, method: str, params: Any, timeout: float = ASK_TIMEOUT
    ) -> dict[str, Any]:
        """Send a request to the client; its answer as {"result": ...} or {"error": ...}."""
        ident = f"mcpvcr-{next(_IDS)}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[ident] = future
        if self.gone:
            self.hang_up()
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
        if params is not None:
            message["params"] = params
        try:
            await out(message)
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            text = f"mcpvcr: the client did not answer {method} within {timeout:g} s"
            return {"error": {"code": -32001, "message": text}}
        finally:
            self._pending.pop(ident, None)

    def hang_up(self) -> None:
        """The client is gone: fail every request still waiting for its answer."""
        self.gone = True
        for future in self._pending.values():
            if not future.done():
                text = "mcpvcr: the client left before it answered"
                future.set_result({"error": {"code": -32000, "message": text}})

    def resolve(self, message: Any) -> bool:
        """Deliver a client's answer to the request waiting for it; False if none is."""
        if not isinstance(message, dict) or "method" in message:
            return False
        future = self._pending.get(message.get("id"))  # type: ignore[arg-type]
        if future is None or future.done():
            return False
        if "error" in message:
            future.set_result({"error": message["error"]})
        else:
            future.set_result({"result": message.get("result")})
        return True
