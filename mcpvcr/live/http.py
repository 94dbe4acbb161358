"""Streamable HTTP and legacy SSE channels over the SDK's transports.

The SDK's transports handle the HTTP details (session ids, SSE framing,
same-origin redirects only, DELETE on close); this module adapts their
`SessionMessage` streams to the plain-dict `Channel` of `wire.py`, and sees
HTTP status codes through an httpx2 event hook (the transports fold a 401 into
a JSON-RPC -32603 and lose the status).

A JSON answer whose `result` or `error` is not an object fails the SDK's
pydantic parse, and the transport hands on a -32700 whose text is pydantic's
(its docs URL and version, the JSON-RPC id). The same hook therefore keeps
such answers as sent (`_odd_message`), and `receive` passes them on instead,
so wire.RawClient records the stand-in it records over stdio.
"""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from collections.abc import AsyncIterator, Mapping
from typing import Any

from mcpvcr.jsonrpc import PARSE_ERROR as _SDK_PARSE_ERROR
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import Target

SSE_READ_TIMEOUT = 300.0
MAX_SSE_EVENT_BYTES = 64 * 1024 * 1024
MAX_JSON_ANSWER_BYTES = MAX_SSE_EVENT_BYTES
"""A plain JSON answer is capped like an SSE event and a stdio line (a 400 MB list
took 1 GB of memory before anything looked at it)."""


class HttpChannel:
    """A connected streamable HTTP or SSE transport."""

    def __init__(
        self,
        target: Target,
        read_stream: Any,
        write_stream: Any,
        statuses: list[str],
        odd: dict[int, dict[str, Any]] | None = None,
        answer_styles: set[str] | None = None,
    ):
        self.target = target
        self.read_stream = read_stream
        self.write_stream = write_stream
        self.statuses = statuses
        self.odd = odd if odd is not None else {}  # id -> answer the SDK could not parse
        self.answer_styles = answer_styles if answer_styles is not None else set()
        self.diagnostics: Counter[str] = Counter()
        self._ended: str | None = None

    async def send(self, message: dict[str, Any], headers: Mapping[str, str]) -> None:
        import anyio
        from mcp.shared.message import ClientMessageMetadata, SessionMessage
        from mcp_types import jsonrpc_message_adapter

        from mcpvcr.live.wire import ChannelClosed

        try:
            parsed = jsonrpc_message_adapter.validate_python(message)
        except ValueError:
            # Only reachable with params that are not an object (fuzzing): the
            # SDK transport cannot carry them, so the request cannot be sent.
            # Not pydantic's text: it carries a docs URL and version, and is recorded.
            raise ChannelClosed(
                "mcpvcr cannot send this message over HTTP (params is not an object)"
            ) from None
        metadata = ClientMessageMetadata(headers=dict(headers)) if headers else None
        try:
            await self.write_stream.send(SessionMessage(parsed, metadata=metadata))
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, anyio.EndOfStream):
            raise ChannelClosed(self.why_closed()) from None

    async def receive(self) -> dict[str, Any] | None:
        import anyio

        while True:
            try:
                item = await self.read_stream.receive()
            except (anyio.EndOfStream, anyio.ClosedResourceError, anyio.BrokenResourceError):
                self._ended = "the server closed the connection"
                return None
            if isinstance(item, Exception):
                # Unparseable event bodies and transport hiccups: counted, not fatal.
                self.diagnostics["transportErrors"] += 1
                continue
            dumped: dict[str, Any] = item.message.model_dump(by_alias=True, exclude_unset=True)
            return self._as_sent(dumped)

    def _as_sent(self, message: dict[str, Any]) -> dict[str, Any]:
        """The answer as the server sent it when the SDK replaced it by its parse error."""
        error = message.get("error")
        request_id = message.get("id")
        parse_error = isinstance(error, dict) and error.get("code") == _SDK_PARSE_ERROR
        if parse_error and type(request_id) is int and request_id in self.odd:
            return self.odd.pop(request_id)
        return message

    def why_closed(self) -> str:
        reason = self._ended or "the connection ended"
        return f"{reason} ({self.status_text()})" if self.statuses else reason

    def status_text(self) -> str:
        return ", ".join(dict.fromkeys(self.statuses))


@contextlib.asynccontextmanager
async def open_http(target: Target, options: RecordOptions) -> AsyncIterator[HttpChannel]:
    """Connect to a streamable HTTP (or, with transport "sse", a legacy SSE) server."""
    import httpx2

    statuses: list[str] = []
    odd: dict[int, dict[str, Any]] = {}
    styles: set[str] = set()

    oauth_active = False

    from mcpvcr.live.statuses import status_text

    async def on_response(response: httpx2.Response) -> None:
        if oauth_active and _oauth_traffic(response):
            return  # the OAuth flow's own requests, and the challenges it answers
        content_type = response.headers.get("content-type", "").lower()
        if response.request.method == "POST" and response.status_code == 200:
            styles.add("sse" if content_type.startswith("text/event-stream") else "json")
        if content_type.startswith("application/json"):
            # Read here (the SDK then reads the cached body) to keep what it cannot parse.
            message = _odd_message(await _read_capped(response, statuses))
            if message is not None:
                odd[message["id"]] = message
        if response.status_code == 405 and response.request.method in ("GET", "DELETE"):
            return  # no standalone stream, no session end: both the spec's own answer
        if response.status_code >= 400:
            statuses.append(status_text(response))

    def gave_up(response: httpx2.Response) -> None:
        statuses.append(status_text(response))

    def make_client(
        headers: dict[str, str] | None = None,
        timeout: httpx2.Timeout | None = None,
        auth: httpx2.Auth | None = None,
    ) -> httpx2.AsyncClient:
        return httpx2.AsyncClient(
            headers=headers,
            timeout=timeout or httpx2.Timeout(options.timeout, read=SSE_READ_TIMEOUT),
            auth=auth,
            event_hooks={"response": [on_response]},
        )

    assert target.url is not None
    from mcpvcr.live.oauth import open_auth

    async with open_auth(target, gave_up) as auth:
        oauth_active = auth is not None
        if target.transport == "sse":
            from mcp.client.sse import sse_client

            async with sse_client(
                target.url,
                headers=dict(target.headers),
                timeout=options.timeout,
                sse_read_timeout=SSE_READ_TIMEOUT,
                httpx_client_factory=make_client,
                auth=auth,
            ) as (read_stream, write_stream):
                yield HttpChannel(target, read_stream, write_stream, statuses, odd)
            return
        async with _streamable(target, make_client(dict(target.headers), None, auth)) as streams:
            yield HttpChannel(target, *streams, statuses, odd, styles)


@contextlib.asynccontextmanager
async def _streamable(target: Target, client: Any) -> AsyncIterator[tuple[Any, Any]]:
    from mcp.client.streamable_http import streamable_http_client

    assert target.url is not None
    async with (
        client,
        streamable_http_client(
            target.url,
            http_client=client,
            terminate_on_close=True,
            max_sse_event_size=MAX_SSE_EVENT_BYTES,
        ) as (read_stream, write_stream),
    ):
        yield read_stream, write_stream


def _oauth_traffic(response: Any) -> bool:
    """A response the OAuth flow deals with: its own requests, and the 401/403s it answers.

    Not noted as the server's HTTP errors: they depend on whether a cached token
    was still good, and a challenge the flow gives up on is noted by it instead.
    """
    from mcpvcr.live.oauth.provider import OAUTH_REQUEST

    if response.request.extensions.get(OAUTH_REQUEST):
        return True
    return response.status_code in (401, 403)


async def _read_capped(response: Any, statuses: list[str]) -> bytes:
    """The body, read at most MAX_JSON_ANSWER_BYTES; past that the answer is dropped."""
    import httpx2

    declared = response.headers.get("content-length", "")
    size, parts = 0, []
    if not (declared.isdigit() and int(declared) > MAX_JSON_ANSWER_BYTES):
        async for part in response.aiter_bytes():
            size += len(part)
            if size > MAX_JSON_ANSWER_BYTES:
                break
            parts.append(part)
        else:
            # Cached as aread() would: the SDK reads the same body next.
            response._content = b"".join(parts)
            return bytes(response._content)
    await response.aclose()
    statuses.append(f"answer over {MAX_JSON_ANSWER_BYTES} bytes dropped")
    raise httpx2.ReadError(f"the answer is over {MAX_JSON_ANSWER_BYTES} bytes", request=None)


def _odd_message(body: bytes) -> dict[str, Any] | None:
    """A JSON-RPC answer whose result or error is not an object (the SDK rejects it)."""
    try:
        message = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or type(message.get("id")) is not int:
        return None
    if "result" in message and not isinstance(message["result"], dict):
        return message
    if "error" in message and not isinstance(message["error"], dict):
        return message
    return None
