"""A small raw JSON-RPC client over any `Channel`: what the server sent, untouched.

The SDK's `ClientSession` turns answers into pydantic models (unknown fields
dropped, lax coercion, a whole page rejected for one bad item) and
`call_tool` validates output itself. An auditor needs the raw wire, so this
client keeps every result as the dict the server sent, matches ids itself,
applies a per-request time-out, and never raises for a server-side problem:
every outcome is a `Reply`.

Server-to-client requests are answered at once so a server never waits on the
recorder: `ping` with `{}`, `roots/list` with no roots (mcpvcr declares the
`roots` capability and honours it with an empty list), `elicitation/create`
as mcpvcr.live.elicit decides, anything else (sampling, ...) with -32601,
because mcpvcr does not declare it.
A `Relay` (record-through replay) instead receives the server's notifications
and answers its requests, by asking the real client behind the proxy.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from mcpvcr.jsonrpc import INTERNAL_ERROR, METHOD_NOT_FOUND, TARGET_FIELD
from mcpvcr.live import elicit

PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion"
CLIENT_INFO_META = "io.modelcontextprotocol/clientInfo"
CLIENT_CAPABILITIES_META = "io.modelcontextprotocol/clientCapabilities"
_CANCEL_GRACE = 0.5

Era = Literal["none", "legacy", "modern"]


@dataclass(frozen=True)
class Reply:
    """The outcome of one request; exactly one of result/error/timed_out/closed is set."""

    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None
    timed_out: bool = False
    closed: str | None = None
    seconds: float = 0.0


class Connection(Protocol):
    """What the behavioural pass (mcpvcr.live.exercise) talks to."""

    async def request(
        self, method: str, params: dict[str, Any] | None, timeout: float
    ) -> Reply: ...


class Relay(Protocol):
    """Where a proxying client sends what the server says outside of answers."""

    def notification(self, message: dict[str, Any]) -> None:
        """A notification from the server (progress, log line, list_changed, ...)."""
        ...

    async def request(self, method: str, params: Any) -> dict[str, Any]:
        """Answer a server-to-client request: {"result": ...} or {"error": ...}."""
        ...


class ChannelClosed(Exception):
    """The transport is gone; str() says why."""


class Channel(Protocol):
    """A message transport: stdio subprocess, streamable HTTP or SSE."""

    diagnostics: Counter[str]

    async def send(self, message: dict[str, Any], headers: Mapping[str, str]) -> None:
        """Send one JSON-RPC message; raise ChannelClosed when the peer is gone."""
        ...

    async def receive(self) -> dict[str, Any] | None:
        """The next JSON-RPC message object, or None at end of stream."""
        ...

    def why_closed(self) -> str:
        """A one-line, stable reason the channel ended; it is recorded in the cassette.

        Channels may also have `detail() -> str`: what explains the ending to a
        person but varies from run to run (a stdio server's stderr tail); it
        goes only into the error message (see RawClient.closed_detail).
        """
        ...


class RawClient:
    """JSON-RPC over a Channel: id matching, time-outs, era stamping, server requests."""

    def __init__(
        self,
        channel: Channel,
        *,
        client_info: Mapping[str, Any],
        client_capabilities: Mapping[str, Any],
        elicit_defaults: bool = False,
    ) -> None:
        self.channel = channel
        self.elicit_defaults = elicit_defaults
        self.client_info = dict(client_info)
        self.client_capabilities = dict(client_capabilities)
        self.era: Era = "none"
        self.protocol_version: str | None = None
        self.closed: str | None = None
        self._closed_error = ""  # the transport failure behind `closed`, for messages only
        self.notifications: Counter[str] = Counter()
        self.server_requests: Counter[str] = Counter()
        self.unmatched_responses = 0
        self.relay: Relay | None = None
        self._pending: dict[int, asyncio.Future[Reply]] = {}
        self._next_id = 0
        self._send_lock = asyncio.Lock()
        self._reader: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.on_answer: Callable[[str, dict[str, Any] | None], None] | None = None
        """Called with (method, params) when a request got its answer or timed out."""
        self.roots: list[Any] = []
        """What `roots/list` answers (`verify` of a baseline recorded for another client:
        the roots that client gave)."""
        self.replies: list[Mapping[str, Any]] = []
        """`verify` of a baseline recorded for another client: what that client answered the
        server's requests ({method, params, reply}); the same request gets the same answer."""

    # -- lifecycle ------------------------------------------------------------

    def start(self) -> None:
        self._reader = asyncio.get_running_loop().create_task(self._read_loop())

    async def stop(self) -> None:
        for task in [self._reader, *self._tasks]:
            if task is not None and not task.done():
                task.cancel()
        for task in [self._reader, *self._tasks]:
            if task is not None:
                with contextlib.suppress(BaseException):
                    await task

    def set_era(self, era: Era, version: str | None) -> None:
        """Stamp later requests for `era` at `version` (modern: _meta on every request)."""
        self.era = era
        self.protocol_version = version

    # -- requests ---------------------------------------------------------------

    async def request(
        self,
        method: str,
        params: dict[str, Any] | None,
        timeout: float,
        *,
        modern_version: str | None = None,
    ) -> Reply:
        """Send a request and wait up to `timeout` seconds; never raises for server problems.

        `modern_version` sends this one request in the 2026-07-28 era at that
        version whatever the connection's era (the `server/discover` probe).
        """
        started = time.monotonic()
        if self.closed is not None:
            return Reply(closed=self.closed)
        self._next_id += 1
        request_id = self._next_id
        future: asyncio.Future[Reply] = asyncio.get_running_loop().create_future()
        self._pending[request_id] = future
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
        era: Era = "modern" if modern_version else self.era
        version = modern_version
        stamped = self._stamp(params, era, version)
        if stamped is not None:
            message["params"] = stamped
        headers = self._headers(method, params, era, version)
        try:
            async with asyncio.timeout(timeout):
                try:
                    async with self._send_lock:
                        await self.channel.send(message, headers)
                except ChannelClosed as err:
                    return Reply(closed=str(err), seconds=time.monotonic() - started)
                reply = await future
        except TimeoutError:
            await self._cancel(request_id)
            return Reply(timed_out=True, seconds=time.monotonic() - started)
        finally:
            self._pending.pop(request_id, None)
            if self.on_answer is not None:
                self.on_answer(method, params)
        return Reply(
            result=reply.result,
            error=reply.error,
            closed=reply.closed,
            seconds=time.monotonic() - started,
        )

    async def notify(self, method: str, params: dict[str, Any] | None = None) -> None:
        """Send a notification; a dead channel is noticed by the next request instead."""
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        stamped = self._stamp(params, self.era, None)
        if stamped is not None:
            message["params"] = stamped
        with contextlib.suppress(ChannelClosed, TimeoutError):
            async with asyncio.timeout(_CANCEL_GRACE * 4):
                async with self._send_lock:
                    await self.channel.send(message, self._headers(method, params, self.era, None))

    async def _cancel(self, request_id: int) -> None:
        # A courtesy so the server can stop work; bounded, never fatal.
        message = {
            "jsonrpc": "2.0",
            "method": "notifications/cancelled",
            "params": {"requestId": request_id, "reason": "mcpvcr: request timed out"},
        }
        with contextlib.suppress(ChannelClosed, TimeoutError, asyncio.CancelledError):
            async with asyncio.timeout(_CANCEL_GRACE):
                async with self._send_lock:
                    await self.channel.send(
                        message, self._headers("notifications/cancelled", None, self.era, None)
                    )

    def _stamp(
        self, params: dict[str, Any] | None, era: Era, version: str | None
    ) -> dict[str, Any] | None:
        if era != "modern" or not (params is None or isinstance(params, dict)):
            return params
        stamped = dict(params or {})
        meta = stamped.get("_meta")
        meta = dict(meta) if isinstance(meta, dict) else {}
        meta.setdefault(PROTOCOL_VERSION_META, version or self.protocol_version)
        meta.setdefault(CLIENT_INFO_META, self.client_info)
        meta.setdefault(CLIENT_CAPABILITIES_META, self.client_capabilities)
        stamped["_meta"] = meta
        return stamped

    def _headers(
        self, method: str, params: dict[str, Any] | None, era: Era, version: str | None
    ) -> dict[str, str]:
        """HTTP headers the era requires (ignored by stdio)."""
        version = version or self.protocol_version
        if era == "none" or version is None:
            return {}
        headers = {"mcp-protocol-version": version}
        if era == "modern":
            headers["mcp-method"] = method
            key = TARGET_FIELD.get(method)
            name = params.get(key) if key and isinstance(params, dict) else None
            if isinstance(name, str):
                headers["mcp-name"] = _header_value(name)
        return headers

    # -- the reader -----------------------------------------------------------

    async def _read_loop(self) -> None:
        reason: str | None = None
        try:
            while True:
                message = await self.channel.receive()
                if message is None:
                    break
                self._dispatch(message)
        except asyncio.CancelledError:
            reason = "mcpvcr closed the connection"
            raise
        except Exception as err:  # a transport failure ends the connection, never the run
            # The exception text may hold addresses or times: recorded is its class only.
            reason = f"connection closed ({type(err).__name__})"
            self._closed_error = f"{type(err).__name__}: {' '.join(str(err).split())}"
        finally:
            self.closed = self.channel.why_closed() if reason is None else reason
            for future in self._pending.values():
                if not future.done():
                    future.set_result(Reply(closed=self.closed))

    def closed_detail(self) -> str:
        """Why the connection ended, beyond `closed`, for a person: never recorded."""
        detail = getattr(self.channel, "detail", None)
        parts = [self._closed_error, detail() if callable(detail) else ""]
        return "; ".join(part for part in parts if part)

    def _dispatch(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if isinstance(method, str):
            if "id" in message:
                self.server_requests[method] += 1
                answer = self._answer(message["id"], method, message.get("params"))
                task = asyncio.get_running_loop().create_task(answer)
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            else:
                self.notifications[method] += 1
                if self.relay is not None:
                    self.relay.notification(message)
            return
        request_id = message.get("id")
        future = self._pending.get(request_id) if type(request_id) is int else None
        if future is None or future.done():
            # A late answer to a request we gave up on depends on timing, so
            # only answers to ids never sent are counted (a deterministic fact).
            if not (type(request_id) is int and 0 < request_id <= self._next_id):
                self.unmatched_responses += 1
            return
        if "error" in message:
            future.set_result(Reply(error=_error_object(message["error"])))
        elif isinstance(message.get("result"), dict):
            future.set_result(Reply(result=message["result"]))
        else:
            future.set_result(
                Reply(
                    error={
                        "code": INTERNAL_ERROR,
                        "message": "mcpvcr: the server's result is not a JSON object",
                        "data": {"result": message.get("result")},
                    }
                )
            )

    async def _answer(self, request_id: Any, method: str, params: Any) -> None:
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        recorded = _recorded_reply(self.replies, method, params)
        if self.relay is not None and method != "ping":
            reply.update(await self.relay.request(method, params))
        elif recorded is not None:
            reply.update(recorded)
        elif method == "ping":
            reply["result"] = {}
        elif method == "roots/list":
            reply["result"] = {"roots": list(self.roots)}
        elif method == "elicitation/create":
            reply.update(elicit.answer(params, elicit_defaults=self.elicit_defaults))
        else:
            reply["error"] = {
                "code": METHOD_NOT_FOUND,
                "message": f"mcpvcr does not support {method}",
            }
        with contextlib.suppress(ChannelClosed, TimeoutError):
            async with asyncio.timeout(_CANCEL_GRACE * 4):
                async with self._send_lock:
                    await self.channel.send(reply, {})

    def diagnostics(self) -> dict[str, Any]:
        """Deterministic facts about the exchange for body["diagnostics"]."""
        result: dict[str, Any] = dict(sorted(self.channel.diagnostics.items()))
        if self.notifications:
            result["notifications"] = dict(sorted(self.notifications.items()))
        if self.server_requests:
            # Which requests, not how many: a server asking again on a timer or
            # per tool call would make counts depend on timing.
            result["serverRequests"] = sorted(self.server_requests)
        if self.unmatched_responses:
            result["unmatchedResponses"] = self.unmatched_responses
        styles = getattr(self.channel, "answer_styles", None)
        if styles:
            # "sse" and/or "json": how the server framed its POST answers, so a
            # replay can answer the same way (a set: counts depend on timing).
            result["httpAnswers"] = sorted(styles)
        return result


def _header_value(text: str) -> str:
    """Plain visible ASCII as is; anything else in the SDK's base64 sentinel form."""
    if text.isascii() and text.isprintable():
        return text
    from mcp.shared.inbound import encode_header_value  # only for such names: mcp is slow to import

    encoded: str = encode_header_value(text)
    return encoded


def _error_object(error: Any) -> dict[str, Any]:
    """The error object as sent when it is one; a marked stand-in when it is not."""
    if isinstance(error, dict):
        return error
    return {"code": None, "message": "mcpvcr: the error is not a JSON object", "data": error}


def _recorded_reply(
    replies: list[Mapping[str, Any]], method: str, params: Any
) -> dict[str, Any] | None:
    """The recorded client's answer to this very request ({"result"} or {"error"}), if any."""
    for entry in replies:
        if entry.get("method") == method and entry.get("params") == params:
            reply = entry.get("reply")
            if isinstance(reply, dict) and ("result" in reply or "error" in reply):
                return {key: reply[key] for key in ("result", "error") if key in reply}
    return None
