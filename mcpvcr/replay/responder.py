"""Answer JSON-RPC requests from a cassette: the pure heart of `mcpvcr replay`.

The responder knows nothing about transports. It turns one decoded JSON-RPC
message into an `Answer`: a payload to send, nothing (notifications, and
requests the server never answered when it was recorded), or "close the
connection" (the server died there). Recorded results are sent verbatim:
unknown fields, `isError`, `structuredContent`, error codes and all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from mcpvcr.cassette import LATENCY_LADDER_MS, LIST_KINDS, LIST_METHODS, Cassette
from mcpvcr.jsonrpc import INVALID_PARAMS, METHOD_NOT_FOUND
from mcpvcr.replay.matching import (
    DEFAULT_MATCH_ON,
    RequestKey,
    closest,
    find,
    miss_message,
)
from mcpvcr.replay.modes import RecordMode

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

    async def answer(self, message: Any) -> Answer:
        """The answer to one decoded JSON-RPC message."""
        if not isinstance(message, dict) or "method" not in message:
            return Silence()  # answers to our server requests, junk
        if "id" not in message:
            if message["method"] == "notifications/initialized":
                return self._server_requests()
            return Silence()  # other notifications: cancelled, progress, ...
        method = message["method"]
        params = message.get("params")
        response = await self._response(method if isinstance(method, str) else "", params)
        if "timeout" in response:
            return Silence()
        if "closed" in response:
            return Close(str(response["closed"]))
        envelope: dict[str, Any] = {"jsonrpc": "2.0", "id": message["id"]}
        if "error" in response:
            envelope["error"] = response["error"]
        else:
            envelope["result"] = response.get("result", {})
        return Send(envelope)

    async def _response(self, method: str, params: Any) -> dict[str, Any]:
        if method in ("initialize", "server/discover"):
            return self._handshake(method, params)
        if method == "ping":
            return {"result": {}}
        if method in _KIND_OF_METHOD:
            return self._list_page(_KIND_OF_METHOD[method], params)
        if method in ("tools/call", "resources/read", "prompts/get"):
            return await self._recorded(method, params)
        if method == "logging/setLevel":
            return {"result": {}}
        return _error(METHOD_NOT_FOUND, f"Method not found: {method}")

    def _server_requests(self) -> Answer:
        """Ask the client what the recorded server asked (e.g. roots/list) once initialized."""
        diagnostics = self.cassette.body.get("diagnostics")
        methods = diagnostics.get("serverRequests") if isinstance(diagnostics, dict) else None
        if not isinstance(methods, list) or not methods:
            return Silence()
        return SendMany(
            [
                {"jsonrpc": "2.0", "id": f"mcpvcr-replay-{index}", "method": method}
                for index, method in enumerate(methods, start=1)
                if isinstance(method, str)
            ]
        )

    def _handshake(self, method: str, params: Any) -> dict[str, Any]:
        for attempt in self._negotiation():
            if attempt.get("method") == method and ("result" in attempt or "error" in attempt):
                if "result" in attempt and method == self.cassette.handshake:
                    return {"result": _handshake_result(method, attempt["result"], self.cassette)}
                return {k: attempt[k] for k in ("result", "error") if k in attempt}
        if self.cassette.handshake == method:
            return {"result": _handshake_result(method, self.cassette.server, self.cassette)}
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
        items = self.cassette.items(kind)
        sizes = [n for n in record.get("pageSizes", []) if isinstance(n, int) and n >= 0]
        if sum(sizes) != len(items):
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

    async def _recorded(self, method: str, params: Any) -> dict[str, Any]:
        key = RequestKey.of(method, params)
        index = find(key, self._keys, self.match_on) if self.mode is not RecordMode.ALL else None
        if index is not None:
            recorded = self._interactions[index]
            if self.replay_latency:
                await asyncio.sleep(_replay_delay(recorded.get("latencyMs")))
            response = recorded.get("response")
            return response if isinstance(response, dict) else {"result": {}}
        if self.forward is not None and self.mode.forwards:
            interaction = await self.forward(method, params)
            self._remember(interaction)
            response = interaction.get("response")
            return response if isinstance(response, dict) else {"result": {}}
        near = closest(key, self._keys, self.match_on)
        message = miss_message(key, near, self.cassette_path, self.mode)
        return _error(REPLAY_MISS, message)


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
