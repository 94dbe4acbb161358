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
    def __init__(self, token: str) -> None:
        self.token = token
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
                if self.headers.get("authorization") != f"Bearer {outer.token}":
                    self.send_response(401)
                    self.send_header("WWW-Authenticate", 'Bearer realm="test"')
                    self.end_headers()
                    return
                if "id" not in message:
                    self.send_response(202)
                    self.end_headers()
                    return
                self._json(outer.answer(message, dict(self.headers.items())))

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
