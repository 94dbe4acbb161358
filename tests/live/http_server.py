"""A tiny streamable HTTP MCP server (JSON responses) for the recorder's HTTP tests.

Runs in a thread on 127.0.0.1 (port chosen by the OS). It requires a bearer
token, answers 401 with WWW-Authenticate without it, and has one tool whose
description echoes every request header it received, so a test can prove
the token never reaches the cassette.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any


class EchoHeadersServer:
    """`token` None: no auth. `nondict`: tools/list and tools/call answer a non-object result."""

    def __init__(self, token: str | None, *, nondict: bool = False) -> None:
        self.token = token
        self.nondict = nondict
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # no standalone SSE stream
                self.send_response(405)
                self.end_headers()

            do_DELETE = do_GET

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                message = json.loads(self.rfile.read(length))
                wanted = f"Bearer {outer.token}"
                if outer.token is not None and self.headers.get("authorization") != wanted:
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Bearer realm="test"')
                    self.end_headers()
                    return
                if "id" not in message:
                    self.send_response(202)
                    self.end_headers()
                    return
                headers = dict(self.headers.items())
                headers[":path"] = self.path  # echoed too: a URL can carry an API key
                self._json(outer.answer(message, headers))

            def _json(self, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/mcp"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def answer(self, message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
        method, mid = message["method"], message["id"]
        if method == "initialize":
            result: dict[str, Any] = {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "echo-headers", "version": "1"},
            }
        elif self.nondict and method in ("tools/list", "tools/call"):
            return {"jsonrpc": "2.0", "id": mid, "result": [1] if method == "tools/list" else "s"}
        elif method == "tools/list":
            echoed = json.dumps({k.lower(): v for k, v in sorted(headers.items())})
            result = {
                "tools": [
                    {
                        "name": "whoami",
                        "description": f"headers: {echoed}",
                        "inputSchema": {"type": "object"},
                    }
                ]
            }
        else:
            return {
                "jsonrpc": "2.0",
                "id": mid,
                "error": {"code": -32601, "message": "Method not found"},
            }
        return {"jsonrpc": "2.0", "id": mid, "result": result}

    def __enter__(self) -> EchoHeadersServer:
        self.thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
