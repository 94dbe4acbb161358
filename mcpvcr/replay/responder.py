"""Answer JSON-RPC requests from a cassette: the pure heart of `mcpvcr replay`.

The responder knows nothing about transports. It turns one decoded JSON-RPC
message into an `Answer`: a payload to send, nothing (notifications, and
requests the server never answered when it was recorded), or "close the
connection" (the server died there). Recorded results are sent verbatim:
unknown fields, `isError`, `structuredContent`, error codes and all.

What the recorded server said to its client while answering (an interaction's
`exchange`: log lines, progress, list_changed notifications and requests such
as `sampling/createMessage`) is replayed in its place, through the `Peer` and
`Outbox` of the connection; the client's answers must equal the recorded ones.
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr.cassette import IDENTITY_KEY, LATENCY_LADDER_MS, LIST_KINDS, LIST_METHODS, Cassette
from mcpvcr.jsonrpc import INVALID_PARAMS, METHOD_NOT_FOUND
from mcpvcr.replay.chaos import Chaos
from mcpvcr.replay.exchange import replay_exchange
from mcpvcr.replay.matching import (
    DEFAULT_MATCH_ON,
    RequestKey,
    closest,
    find_all,
    miss_message,
)
from mcpvcr.replay.modes import RecordMode
from mcpvcr.replay.peer import Outbox, Peer

LIVE_RESPONSE: Final = "liveResponse"
"""Key of a forwarded interaction holding the answer as the server sent it: the client gets
that; the cassette keeps the scrubbed, redacted `response`."""
CHAOS_DISCONNECT: Final = "mcpvcr chaos: disconnect"
"""The reason of a Close the chaos spec asked for (not a recorded server death)."""
REPLAY_MISS: Final = -32050
"""JSON-RPC error code of a request the cassette has no answer for (mode none)."""
CURSOR_PREFIX: Final = "mcpvcr-page:"
SERVER_INFO_META: Final = "io.modelcontextprotocol/serverInfo"
HANDSHAKE_VERSIONS: Final = ("2024-11-05", "2025-03-26", "2025-06-18", "2025-11-25")
_KIND_OF_METHOD: Final = {method: kind for kind, method in LIST_METHODS.items()}


@dataclass(frozen=True)
class Send:
    """Send this JSON-RPC message."""

    message: dict[str, Any]


@dataclass(frozen=True)
class SendMany:
    """Send these JSON-RPC messages (requests the recorded server made of its client)."""

    messages: list[dict[str, Any]]


@dataclass(frozen=True)
class Silence:
    """Send nothing (a notification, or a request that was never answered when recorded)."""


@dataclass(frozen=True)
class Close:
    """Close the connection, as the recorded server died here."""

    reason: str


Answer = Send | SendMany | Silence | Close
Forward = Callable[[str, Any], Awaitable[dict[str, Any]]]
"""Send a request to the live server; returns the new recorded Interaction dict."""
Connect = Callable[[Any, Peer], Awaitable[dict[str, Any]]]
"""Record-through: open the client's own session to the live server with its `initialize`
params (setting `peer.upstream`); returns {"result": ...} or {"error": ...}."""
SESSION_STATE: Final = frozenset(
    {"logging/setLevel", "resources/subscribe", "resources/unsubscribe"}
)
"""Methods that change what a live session does next (sent live even when recorded)."""
_NEEDS_CAPABILITY: Final = {
    "completion/complete": "completions",
    "resources/subscribe": "resources",
    "resources/unsubscribe": "resources",
    "tools/call": "tools",
    "resources/read": "resources",
    "prompts/get": "prompts",
}


@dataclass
class Responder:
    """Answers requests from one cassette; keeps only per-connection era state."""

    cassette: Cassette
    cassette_path: str = "<cassette>"
    match_on: Sequence[str] = DEFAULT_MATCH_ON
    mode: RecordMode = RecordMode.NONE
    replay_latency: bool = True
    """Wait out recorded latencies above the fastest bucket, so a recording of the
    replay measures the same coarse latency the original did."""
    forward: Forward | None = None
    connect: Connect | None = None
    exhausted: str = "repeat"
    """A repeated request past its last recorded answer: `repeat` that last answer, or
    `miss` (a replay-miss error). Record-through modes forward it instead."""
    chaos: Chaos | None = None
    """`--chaos`: faults injected on purpose (replay/chaos.py), each logged to stderr."""
    _keys: list[RequestKey] = field(default_factory=list, init=False)
    _interactions: list[dict[str, Any]] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        for interaction in self.cassette.interactions:
            self._remember(interaction)

    def _remember(self, interaction: dict[str, Any]) -> None:
        method = interaction.get("method")
        if isinstance(method, str):
            self._keys.append(RequestKey.of(method, interaction.get("params")))
            self._interactions.append(interaction)

    @property
    def streams_sse(self) -> bool:
        """True when the recorded server answered POSTs with SSE streams."""
        diagnostics = self.cassette.body.get("diagnostics")
        styles = diagnostics.get("httpAnswers") if isinstance(diagnostics, dict) else None
        return isinstance(styles, list) and "sse" in styles

    async def answer(
        self, message: Any, peer: Peer | None = None, out: Outbox | None = None
    ) -> Answer:
        """The answer to one decoded JSON-RPC message from the client behind `peer`.

        `out` sends messages to that client while this request is answered; without
        it (or a peer) nothing the recorded server said to its client can be replayed.
        """
        if not isinstance(message, dict) or "method" not in message:
            if peer is not None:
                peer.resolve(message)  # an answer to a request we sent the client
            return Silence()
        if "id" not in message:
            upstream = peer.upstream if peer is not None else None
            if message["method"] == "notifications/initialized":
                return Silence() if upstream is not None else self._server_requests(peer)
            if upstream is not None:
                await upstream.notify(message)  # cancelled, roots/list_changed, ...
            return Silence()
        method = message["method"]
        params = message.get("params")
        method = method if isinstance(method, str) else ""
        envelope: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
        fault = self.chaos.request(method) if self.chaos is not None else None
        if fault is not None and self.chaos is not None:
            if fault.describe():
                _chaos_log(
                    f"request {fault.number} ({_describe(method, params)}): {fault.describe()}"
                )
            if fault.disconnect:
                return Close(f"{CHAOS_DISCONNECT} after {fault.number - 1} requests")
            await asyncio.sleep(fault.delay)
            if fault.timeout:
                return Silence()
            if fault.error:
                return Send({**envelope, "error": self.chaos.error(fault)})
            if out is not None:
                out = _chaotic(out, self.chaos)
        response = await self._response(method, params, peer or Peer(), out)
        if "timeout" in response:
            return Silence()
        if "closed" in response:
            return Close(str(response["closed"]))
        if "error" in response:
            envelope["error"] = response["error"]
        else:
            result = response.get("result", {})
            if fault is not None and fault.oversize and isinstance(result, dict) and self.chaos:
                result = self.chaos.pad(result)
            envelope["result"] = result
        return Send(envelope)

    async def _response(
        self, method: str, params: Any, peer: Peer, out: Outbox | None
    ) -> dict[str, Any]:
        if method == "initialize":
            peer.declared(params)
            if self.connect is not None and self.mode.forwards:
                return await self.connect(params, peer)
        if method in ("initialize", "server/discover"):
            return self._handshake(method, params)
        if peer.upstream is not None:
            await peer.upstream.wait_ready()  # a piped client may not wait for initialize
        if method == "ping":
            return {"result": {}}
        if method in _KIND_OF_METHOD:
            return self._list_page(_KIND_OF_METHOD[method], params)
        return await self._recorded(method, params, peer, out)

    def _server_requests(self, peer: Peer | None) -> Answer:
        """Ask the client what the recorded server asked once initialized (e.g. roots/list),
        but only what the client's declared capabilities allow a server to ask."""
        diagnostics = self.cassette.body.get("diagnostics")
        methods = diagnostics.get("serverRequests") if isinstance(diagnostics, dict) else None
        if not isinstance(methods, list) or not methods or peer is None:
            return Silence()
        allowed = [m for m in methods if isinstance(m, str) and peer.allows(m) and m != "ping"]
        if not allowed:
            return Silence()
        return SendMany(
            [
                {"jsonrpc": "2.0", "id": f"mcpvcr-replay-{index}", "method": method}
                for index, method in enumerate(allowed, start=1)
            ]
        )

    def _handshake(self, method: str, params: Any) -> dict[str, Any]:
        for attempt in self._negotiation():
            if attempt.get("method") == method and ("result" in attempt or "error" in attempt):
                if "result" in attempt and method == self.cassette.handshake:
                    result = _handshake_result(method, attempt["result"], self.cassette)
                    return {"result": _negotiated(result, params)}
                return {k: attempt[k] for k in ("result", "error") if k in attempt}
        if self.cassette.handshake == method:
            result = _handshake_result(method, self.cassette.server, self.cassette)
            return {"result": _negotiated(result, params)}
        if method == "initialize" and self.cassette.handshake == "server/discover":
            return {"result": _legacy_view(self.cassette.server, params)}
        return _error(METHOD_NOT_FOUND, f"Method not found: {method}")

    def _negotiation(self) -> list[dict[str, Any]]:
        value = self.cassette.body.get("negotiation")
        return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []

    def _list_page(self, kind: str, params: Any) -> dict[str, Any]:
        record = self.cassette.list_record(kind)
        if isinstance(record.get("error"), dict):
            return {"error": record["error"]}
        items = _server_ordered(kind, self.cassette.items(kind), record.get("order"))
        sizes = [n for n in record.get("pageSizes", []) if isinstance(n, int) and n >= 0]
        if not sizes or sum(sizes) != len(items):
            sizes = [len(items)]
        page = _page_number(params)
        if page is None or page >= len(sizes):
            return _error(INVALID_PARAMS, "Invalid cursor")
        start = sum(sizes[:page])
        extra = record.get("extra")
        result: dict[str, Any] = dict(extra) if isinstance(extra, dict) else {}
        result[kind] = items[start : start + sizes[page]]
        if page + 1 < len(sizes):
            result["nextCursor"] = f"{CURSOR_PREFIX}{page + 1}"
        return {"result": result}

    async def _recorded(
        self, method: str, params: Any, peer: Peer, out: Outbox | None
    ) -> dict[str, Any]:
        key = RequestKey.of(method, params)
        index, spent = self._next_recorded(key, peer)
        if index is not None:
            peer.served.add(index)
            recorded = self._interactions[index]
            if method in SESSION_STATE and peer.upstream is not None:
                # Recorded already, but the live session must still get it, or the
                # calls forwarded after it run at another log level / subscription.
                await peer.upstream.call(method, params, None, keep=False)
            failed = await replay_exchange(recorded.get("exchange"), params, peer, out)
            if failed is not None:
                head = f"mcpvcr: replay miss in {self.cassette_path} (record mode '{self.mode}')"
                return _error(REPLAY_MISS, f"{head}\n  request: {key.describe()}\n  {failed}")
            if self.replay_latency:
                times = self.chaos.spec.latency if self.chaos is not None else 1.0
                await asyncio.sleep(_replay_delay(recorded.get("latencyMs")) * times)
            response = recorded.get("response")
            return response if isinstance(response, dict) else {"result": {}}
        if self.mode.forwards:
            if peer.upstream is None and self.connect is not None:
                await self.connect(None, peer)  # a client that sent no initialize
            interaction: dict[str, Any] | None = None
            if peer.upstream is not None:
                interaction = await peer.upstream.call(method, params, out)
            elif self.forward is not None:
                interaction = await self.forward(method, params)
            if interaction is not None:
                live = interaction.pop(LIVE_RESPONSE, None)  # as the server sent it
                self._remember(interaction)
                peer.served.add(len(self._interactions) - 1)
                response = live if isinstance(live, dict) else interaction.get("response")
                return response if isinstance(response, dict) else {"result": {}}
        if spent:
            head = f"mcpvcr: replay miss in {self.cassette_path} (record mode '{self.mode}')"
            text = f"all {spent} recorded answers to this request were replayed already"
            return _error(REPLAY_MISS, f"{head}\n  request: {key.describe()}\n  {text}")
        return self._unrecorded(key, method)

    def _next_recorded(self, key: RequestKey, peer: Peer) -> tuple[int | None, int]:
        """The recorded interaction answering this request now, and, when none does, how
        many recorded answers this client has used up already.

        Identical requests replay in recorded order (a counter answers 1, then 2); past
        the last one, that answer repeats (`exhausted="repeat"`) unless the mode forwards
        the request to the live server or `exhausted="miss"` asks for a miss.
        """
        if self.mode is RecordMode.ALL:
            return None, 0
        matches = find_all(key, self._keys, self.match_on)
        for index in matches:
            if index not in peer.served:
                return index, 0
        if not matches or self.mode.forwards or self.exhausted == "miss":
            return None, len(matches)
        return matches[-1], 0

    def _unrecorded(self, key: RequestKey, method: str) -> dict[str, Any]:
        """A request no interaction answers: what the recorded server's contract implies."""
        if method not in {k.method for k in self._keys}:
            if method == "logging/setLevel":
                return {"result": {}}  # as before recording it: accepting is harmless
            needed = _NEEDS_CAPABILITY.get(method)
            declared = self.cassette.capabilities  # None: the server sent none, assume all
            # A method the server never advertised (or no MCP method at all) and never
            # recorded: the server answered -32601, or would have.
            if needed is None or (declared is not None and needed not in declared):
                return _error(METHOD_NOT_FOUND, f"Method not found: {method}")
        near = closest(key, self._keys, self.match_on)
        message = miss_message(key, near, self.cassette_path, self.mode)
        return _error(REPLAY_MISS, message)


def _chaotic(out: Outbox, chaos: Chaos) -> Outbox:
    """`out`, losing or repeating the server's notifications as the chaos spec says."""

    async def send(message: dict[str, Any]) -> None:
        times = 1 if "id" in message else chaos.notification()
        if times != 1:
            what = "dropped" if times == 0 else "sent twice"
            _chaos_log(f"notification {chaos.notifications} ({message.get('method')}): {what}")
        for _ in range(times):
            await out(message)

    return send


def _chaos_log(text: str) -> None:
    print(f"mcpvcr: chaos: {text}", file=sys.stderr, flush=True)


def _describe(method: str, params: Any) -> str:
    key = RequestKey.of(method, params)
    return f"{method} {key.target}" if key.target else method


def _handshake_result(method: str, result: Any, cassette: Cassette) -> Any:
    """The recorded handshake result as the server sent it.

    A 2026-07-28 server names itself in `_meta`, which the recorder lifts into
    the body's `serverInfo`; put it back where a modern client looks for it.
    """
    info = cassette.server.get("serverInfo")
    if method != "server/discover" or not isinstance(result, dict) or info is None:
        return result
    restored = {key: value for key, value in result.items() if key != "serverInfo"}
    restored["_meta"] = {SERVER_INFO_META: info}
    return restored


def _legacy_view(server: dict[str, Any], params: Any) -> dict[str, Any]:
    """An `initialize` answer for a cassette recorded over server/discover.

    The recording never tried `initialize`, so nothing says the server refused
    it; legacy clients (most hosts today) get the same identity, capabilities
    and instructions at the handshake version they offered.
    """
    offered = params.get("protocolVersion") if isinstance(params, dict) else None
    version = offered if offered in HANDSHAKE_VERSIONS else HANDSHAKE_VERSIONS[-1]
    result: dict[str, Any] = {"protocolVersion": version}
    for key in ("capabilities", "serverInfo", "instructions"):
        if key in server:
            result[key] = server[key]
    result.setdefault("capabilities", {})
    return result


def _negotiated(result: Any, params: Any) -> Any:
    """The recorded `initialize` result at the version this client offered.

    Servers on the SDKs answer the client's version when they support it and
    their newest otherwise; a recording shows the newest, and every earlier
    known version is taken as supported too (as the SDKs do).
    """
    offered = params.get("protocolVersion") if isinstance(params, dict) else None
    if not isinstance(result, dict) or offered not in HANDSHAKE_VERSIONS:
        return result
    recorded = result.get("protocolVersion")
    if recorded not in HANDSHAKE_VERSIONS or offered >= recorded:
        return result
    return {**result, "protocolVersion": offered}


def _server_ordered(kind: str, items: list[Any], order: Any) -> list[Any]:
    """The items in the order the server listed them (`order`), when it fits them."""
    if not isinstance(order, list) or len(order) != len(items):
        return items
    key = IDENTITY_KEY[kind]
    by_name = {item.get(key): item for item in items if isinstance(item, dict)}
    if len(by_name) != len(items) or set(by_name) != set(order):
        return items
    return [by_name[name] for name in order]


def _replay_delay(latency: Any) -> float:
    """Seconds just past the bucket's lower edge (none for the fastest bucket).

    Just past the lower edge, not the middle: the replay's own overhead only
    adds time, so this leaves the whole bucket as margin on a busy machine.
    """
    if not isinstance(latency, int) or latency not in LATENCY_LADDER_MS[1:]:
        return 0.0
    previous = LATENCY_LADDER_MS[LATENCY_LADDER_MS.index(latency) - 1]
    return (previous + min(10, (latency - previous) / 10)) / 1000


def _page_number(params: Any) -> int | None:
    cursor = params.get("cursor") if isinstance(params, dict) else None
    if cursor is None:
        return 0
    if isinstance(cursor, str) and cursor.startswith(CURSOR_PREFIX):
        digits = cursor[len(CURSOR_PREFIX) :]
        if digits.isdigit():
            return int(digits)
    return None


def _error(code: int, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


__all__ = [
    "LIST_KINDS",
    "REPLAY_MISS",
    "Answer",
    "Close",
    "Responder",
    "Send",
    "SendMany",
    "Silence",
]
