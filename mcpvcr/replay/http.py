"""Serve a Responder over streamable HTTP (one POST endpoint, JSON or SSE answers).

Starlette and uvicorn come with the mcp SDK's own dependencies; this module
does not import `mcp`. Each `initialize` opens a session (its own
`Mcp-Session-Id` and `Peer`: what that client declared, and its answers to
requests the replay sends it). A POST is answered as plain `application/json`
unless the recorded server streamed SSE (and the client accepts it) or the
answer needs messages before it (log lines, progress, a `sampling/createMessage`
for the client): then as an SSE stream carrying those first, the answer last.
Notifications and the client's answers get 202.
"""

from __future__ import annotations

import asyncio
import errno
import json
import socket
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

from mcpvcr.errors import CannotRun
from mcpvcr.jsonrpc import INTERNAL_ERROR, PARSE_ERROR
from mcpvcr.replay.http_guard import HttpGuard, bounded_protocol, read_body
from mcpvcr.replay.peer import Outbox, Peer
from mcpvcr.replay.responder import Close, Responder, Send

SESSION_HEADER = "mcp-session-id"
MAX_SESSIONS = 1024
"""Sessions remembered at once; the oldest is forgotten past this."""


class _Sessions:
    """Client sessions by id; a client that sends no known id shares one default session."""

    def __init__(self) -> None:
        self.by_id: OrderedDict[str, Peer] = OrderedDict()
        self.default = Peer()

    def new(self) -> tuple[str, Peer]:
        ident = uuid.uuid4().hex
        self.by_id[ident] = peer = Peer()
        while len(self.by_id) > MAX_SESSIONS:
            self.by_id.popitem(last=False)
        return ident, peer

    def get(self, ident: str | None) -> Peer:
        return self.by_id.get(ident or "", self.default)

    def resolve(self, message: Any, peer: Peer) -> None:
        """Deliver a client's answer; our request ids are unique, so a client that sent
        no (or another) session id still reaches the request waiting for it."""
        if not peer.resolve(message):
            for other in [self.default, *self.by_id.values()]:
                if other.resolve(message):
                    return


def build_app(
    responder: Responder,
    path: str = "/mcp",
    on_close: Any = None,
    guard: HttpGuard | None = None,
) -> Any:
    """A Starlette app answering MCP requests on `path` from the responder."""
    from starlette.applications import Starlette
    from starlette.routing import Route

    handler = _Handler(responder, on_close, guard or HttpGuard())
    return Starlette(
        routes=[
            Route(path, handler.post, methods=["POST"]),
            Route(path, handler.get, methods=["GET"]),
            Route(path, handler.delete, methods=["DELETE"]),
        ]
    )


class _Handler:
    """The endpoint's three methods over one responder and its sessions."""

    def __init__(self, responder: Responder, on_close: Any, guard: HttpGuard) -> None:
        self.responder = responder
        self.on_close = on_close
        self.guard = guard
        self.sessions = _Sessions()
        self.running: set[asyncio.Task[None]] = set()

    async def post(self, request: Any) -> Any:
        from starlette.responses import JSONResponse

        try:
            return await self._post(request)
        except Exception:  # no client input may put a traceback in the log
            error = {"code": INTERNAL_ERROR, "message": "Internal error"}
            return JSONResponse({"jsonrpc": "2.0", "id": None, "error": error}, status_code=500)

    async def _post(self, request: Any) -> Any:
        from starlette.responses import JSONResponse, Response

        refused = self.guard.refusal(request.headers)
        if refused is not None:
            return Response(refused[1], status_code=refused[0])
        if not _local_origin(request.headers.get("origin")):
            # DNS rebinding: a web page must not drive the replay (or, in
            # new_episodes mode, the real server behind it with your token).
            return Response("cross-origin requests are refused", status_code=403)
        raw = await read_body(request.stream())
        if raw is None:
            return Response("request body too large", status_code=413)
        try:
            payload = json.loads(raw)
        except (ValueError, RecursionError) as err:
            reason = "nested too deeply" if isinstance(err, RecursionError) else str(err)
            error = {"code": PARSE_ERROR, "message": f"Parse error: {reason}"}
            return JSONResponse({"jsonrpc": "2.0", "id": None, "error": error}, status_code=400)
        messages = payload if isinstance(payload, list) else [payload]
        headers: dict[str, str] = {}
        if any(isinstance(m, dict) and m.get("method") == "initialize" for m in messages):
            headers[SESSION_HEADER], peer = self.sessions.new()
        else:
            peer = self.sessions.get(request.headers.get(SESSION_HEADER))
        for message in messages:
            if isinstance(message, dict) and "method" not in message:
                self.sessions.resolve(message, peer)  # the client's answer to our request
            elif not _is_request(message):
                await self.responder.answer(message, peer)  # notifications
        asked = [message for message in messages if _is_request(message)]
        if not asked:
            return Response(status_code=202)
        streams = "text/event-stream" in request.headers.get("accept", "")
        return await self._respond(asked, peer, streams, isinstance(payload, list), headers)

    async def _respond(
        self,
        asked: list[dict[str, Any]],
        peer: Peer,
        streams: bool,
        batch: bool,
        headers: dict[str, str],
    ) -> Any:
        """JSON when the answer came alone (and the server did not stream), else SSE."""
        from starlette.responses import Response, StreamingResponse

        queue: asyncio.Queue[tuple[str, Any]] = asyncio.Queue()

        async def out(message: dict[str, Any]) -> None:
            await queue.put(("message", message))

        answering = _answer_all(self.responder, asked, peer, out if streams else None, queue)
        task = asyncio.get_running_loop().create_task(answering)
        self.running.add(task)
        task.add_done_callback(self.running.discard)
        first = await queue.get()
        if first[0] == "close":
            if self.on_close is not None:
                self.on_close(first[1])
            return Response(status_code=500)
        if first[0] == "done" and not (streams and self.responder.streams_sse):
            body = first[1] if batch else first[1][0]
            return Response(_encode(body), media_type="application/json", headers=headers)
        headers["cache-control"] = "no-cache"
        events = _events(first, queue, self.on_close)
        return StreamingResponse(events, media_type="text/event-stream", headers=headers)

    async def get(self, request: Any) -> Any:
        from starlette.responses import Response

        return Response(status_code=405, headers={"allow": "POST, DELETE"})

    async def delete(self, request: Any) -> Any:
        from starlette.responses import Response

        refused = self.guard.refusal(request.headers)
        if refused is not None:
            return Response(refused[1], status_code=refused[0])
        peer = self.sessions.by_id.pop(request.headers.get(SESSION_HEADER) or "", None)
        if peer is not None:
            peer.hang_up()
            if peer.upstream is not None:
                await peer.upstream.close()
        return Response(status_code=200)


async def _answer_all(
    responder: Responder,
    asked: list[dict[str, Any]],
    peer: Peer,
    out: Outbox | None,
    queue: asyncio.Queue[tuple[str, Any]],
) -> None:
    """Answer a POST's requests in turn; the queue gets messages, then done (or close)."""
    replies: list[dict[str, Any]] = []
    for message in asked:
        answer = await responder.answer(message, peer, out)
        if isinstance(answer, Send):
            replies.append(answer.message)
        elif isinstance(answer, Close):
            await queue.put(("close", answer.reason))
            return
        else:
            # Recorded as never answered: keep the client waiting, as the
            # server did, until it gives up and disconnects.
            await asyncio.sleep(3600)
    await queue.put(("done", replies))


async def _events(
    first: tuple[str, Any], queue: asyncio.Queue[tuple[str, Any]], on_close: Any
) -> AsyncIterator[bytes]:
    item = first
    while True:
        kind, value = item
        if kind == "message":
            yield _sse(value)
        elif kind == "done":
            for reply in value:
                yield _sse(reply)
            return
        else:
            if on_close is not None:
                on_close(value)
            return
        item = await queue.get()


def _sse(message: Any) -> bytes:
    return b"event: message\ndata: " + _encode(message).encode("utf-8") + b"\n\n"


def _encode(body: Any) -> str:
    return json.dumps(body, ensure_ascii=False, separators=(",", ":"))


def _local_origin(origin: str | None) -> bool:
    """No Origin (not a browser) or a loopback one, as the MCP transport spec asks."""
    if origin is None:
        return True
    host = urlsplit(origin).hostname or ""
    return host in ("localhost", "127.0.0.1", "::1")


def _is_request(message: Any) -> bool:
    return isinstance(message, dict) and "id" in message and "method" in message


async def serve_http(
    responder: Responder,
    host: str,
    port: int,
    path: str = "/mcp",
    guard: HttpGuard | None = None,
) -> str | None:
    """Serve until interrupted or until a recorded server death; return that reason."""
    import uvicorn

    closed: list[str] = []
    server: uvicorn.Server | None = None

    def on_close(reason: str) -> None:
        closed.append(reason)
        if server is not None:
            server.should_exit = True

    app = build_app(responder, path, on_close, guard)
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        lifespan="off",
        http=bounded_protocol(),
        h11_max_incomplete_event_size=64 * 1024,
        # Ctrl-C must not wait on SSE streams that recorded no answer.
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    listener = _listen(host, port)  # bound here: a port in use is one mcpvcr line, not uvicorn's
    try:
        await server.serve(sockets=[listener])
    finally:
        listener.close()
    return closed[0] if closed else None


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to HOST:PORT, or a one-line `CannotRun` naming the address."""
    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )[0]
        listener = socket.socket(family, kind, proto)
    except OSError as err:
        raise CannotRun(f"--http {shown}: cannot listen there ({err.strerror or err})") from None
    try:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(address)
        listener.listen(128)
    except OSError as err:
        listener.close()
        if err.errno == errno.EADDRINUSE:
            raise CannotRun(
                f"--http {shown}: the port is already in use (pick another port)"
            ) from None
        raise CannotRun(f"--http {shown}: cannot listen there ({err.strerror or err})") from None
    listener.setblocking(False)
    return listener
