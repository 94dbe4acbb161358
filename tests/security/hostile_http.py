"""A hostile streamable HTTP MCP server for the security tests (127.0.0.1, OS port).

`behave(message, headers, path)` returns the JSON-RPC answer (a dict), raw
bytes to send as the body, or None for 202. The headers it receives include
the request path as `:path`, so a behaviour can echo whatever credential the
client sent, in whatever encoding it likes.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any

Behaviour = Callable[[dict[str, Any], dict[str, str]], dict[str, Any] | bytes | None]


class HostileServer:
    def __init__(self, behave: Behaviour) -> None:
        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                self.send_response(405)
                self.end_headers()

            do_DELETE = do_GET

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length", "0"))
                message = json.loads(self.rfile.read(length))
                headers = {k.lower(): v for k, v in self.headers.items()}
                headers[":path"] = self.path
                answer = behave(message, headers)
                if answer is None:
                    self.send_response(202)
                    self.end_headers()
                    return
                data = answer if isinstance(answer, bytes) else json.dumps(answer).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                # The client may give up on a huge answer: that is the point.
                with contextlib.suppress(OSError):
                    self.wfile.write(data)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.host = f"127.0.0.1:{self.httpd.server_address[1]}"
        self.url = f"http://{self.host}/mcp"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> HostileServer:
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


def contract(message: dict[str, Any], tools: list[dict[str, Any]]) -> dict[str, Any] | None:
    """A well-behaved answer to the contract calls (None for notifications)."""
    if "id" not in message:
        return None
    method, mid = message["method"], message["id"]
    if method == "initialize":
        result: dict[str, Any] = {
            "protocolVersion": "2025-11-25",
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "hostile", "version": "1"},
        }
    elif method == "tools/list":
        result = {"tools": tools}
    else:
        return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "no"}}
    return {"jsonrpc": "2.0", "id": mid, "result": result}
