"""Serve a Responder over streamable HTTP (one POST endpoint, JSON responses).

Starlette and uvicorn come with the mcp SDK's own dependencies; this module
does not import `mcp`. Replies are plain `application/json` (the transport
allows it instead of an SSE stream), notifications get 202, and the
`Mcp-Session-Id` header is issued on `initialize` and otherwise ignored.
"""

from __future__ import annotations

import asyncio
import json
import uuid
from typing import Any
from urllib.parse import urlsplit

from mcpvcr.jsonrpc import INTERNAL_ERROR, PARSE_ERROR
from mcpvcr.replay.http_guard import HttpGuard, bounded_protocol, read_body
from mcpvcr.replay.responder import Close, Responder, Send

SESSION_HEADER = "mcp-session-id"


def build_app(
    responder: Responder,
    path: str = "/mcp",
    on_close: Any = None,
    guard: HttpGuard | None = None,
) -> Any:
    """A Starlette app answering MCP requests on `path` from the responder."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route

    session_id = uuid.uuid4().hex
    checks = guard or HttpGuard()

    async def post(request: Request) -> Response:
        try:
            return await _post(request)
        except Exception:  # no client input may put a traceback in the log
            error = {"code": INTERNAL_ERROR, "message": "Internal error"}
            return JSONResponse({"jsonrpc": "2.0", "id": None, "error": error}, status_code=500)

    async def _post(request: Request) -> Response:
        refused = checks.refusal(request.headers)
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
        replies: list[dict[str, Any]] = []
        for message in messages:
            answer = await responder.answer(message)
            if isinstance(answer, Send):
                replies.append(answer.message)
            elif isinstance(answer, Close):
                if on_close is not None:
                    on_close(answer.reason)
                return Response(status_code=500)
            elif _is_request(message):
                # Recorded as never answered: keep the client waiting, as the
                # server did, until it gives up and disconnects.
                await asyncio.sleep(3600)
        if not replies:
            return Response(status_code=202)
        headers = {}
        if any(isinstance(m, dict) and m.get("method") == "initialize" for m in messages):
            headers[SESSION_HEADER] = session_id
        body = replies if isinstance(payload, list) else replies[0]
        return Response(
            json.dumps(body, ensure_ascii=False, separators=(",", ":")),
            media_type="application/json",
            headers=headers,
        )

    async def get(request: Request) -> Response:
        return Response(status_code=405, headers={"allow": "POST, DELETE"})

    async def delete(request: Request) -> Response:
        return Response(status_code=200)

    return Starlette(
        routes=[
            Route(path, post, methods=["POST"]),
            Route(path, get, methods=["GET"]),
            Route(path, delete, methods=["DELETE"]),
        ]
    )


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
    )
    server = uvicorn.Server(config)
    await server.serve()
    return closed[0] if closed else None
