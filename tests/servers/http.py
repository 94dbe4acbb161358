"""http: a plain streamable-HTTP MCP server (stdlib http.server) on 127.0.0.1 that misbehaves.

    python -m tests.servers http --behaviour B [--port 0] [--token T] [--location URL]
                                 [--fail-from N] [--drop-at METHOD]

On start it prints one line "http://127.0.0.1:PORT/mcp" on stdout (then nothing else there) and
logs one stderr line per request ("<verb> <path> auth=present|absent" — never header values).
POST /mcp takes one JSON-RPC message and answers `application/json` (notifications: 202, empty);
GET and DELETE /mcp: 405. Legacy era only (`server/discover` -> -32601); no session ids.
Contract: tool `echo_headers` (no properties), which answers with the request's headers as
text (JSON) and as structuredContent {"headers": {...}}, plus `_contract.standard_contract()`.

Behaviours:
- echo_headers: just the above.
- need_token: every request without `Authorization: Bearer <--token>` gets 401 with
  `WWW-Authenticate: Bearer` and body {"error": "unauthorized"}.
- error500: requests numbered >= --fail-from (default 0, counting from 0) get 500 with a text body.
- drop: the answer to --drop-at (default tools/list) announces a longer Content-Length, sends
  half of the body and closes the connection.
- redirect: every request gets 307 to --location (default http://127.0.0.2:PORT/mcp, another
  host), which a client must not follow with credentials.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.servers._contract import standard_contract
from tests.servers._jsonrpc import ZooServer, text_result

BEHAVIOURS = ("echo_headers", "need_token", "error500", "drop", "redirect")


class HeaderEcho(ZooServer):
    """The MCP side; `headers` is set (under the lock) to the current request's headers."""

    headers: dict[str, str] = {}  # noqa: RUF012 - replaced per request

    def call_tool(self, name: str, args: dict[str, Any]) -> dict[str, Any] | None:
        if name == "echo_headers":
            result = text_result(json.dumps(self.headers, sort_keys=True))
            result["structuredContent"] = {"headers": dict(self.headers)}
            return result
        return super().call_tool(name, args)


def make_handler(opts: argparse.Namespace, mcp: HeaderEcho) -> type[BaseHTTPRequestHandler]:
    lock = threading.Lock()
    counter = {"n": 0}

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _send(
            self, status: int, body: bytes, ctype: str, extra: dict[str, str] | None = None
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            for key, value in (extra or {}).items():
                self.send_header(key, value)
            self.end_headers()
            self.wfile.write(body)

        def _log(self) -> None:
            auth = "present" if self.headers.get("Authorization") else "absent"
            print(f"{self.command} {self.path} auth={auth}", file=sys.stderr, flush=True)

        def do_GET(self) -> None:
            self._log()
            self._send(405, b"", "text/plain", {"Allow": "POST"})

        do_DELETE = do_GET

        def do_POST(self) -> None:
            self._log()
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length)
            with lock:
                number = counter["n"]
                counter["n"] += 1
            if self.path.split("?")[0] != "/mcp":
                self._send(404, b"not found", "text/plain")
                return
            if opts.behaviour == "redirect":
                location = opts.location or f"http://127.0.0.2:{opts.bound_port}/mcp"
                self._send(307, b"", "text/plain", {"Location": location})
                return
            if (
                opts.behaviour == "need_token"
                and self.headers.get("Authorization") != f"Bearer {opts.token}"
            ):
                body = json.dumps({"error": "unauthorized"}).encode()
                self._send(401, body, "application/json", {"WWW-Authenticate": "Bearer"})
                return
            if opts.behaviour == "error500" and number >= opts.fail_from:
                self._send(500, b"Internal Server Error", "text/plain")
                return
            try:
                message = json.loads(raw)
            except ValueError:
                self._send(400, b"bad json", "text/plain")
                return
            if not isinstance(message, dict) or "id" not in message:
                self._send(202, b"", "text/plain")
                return
            method = message.get("method")
            raw_params = message.get("params")
            params: dict[str, Any] = raw_params if isinstance(raw_params, dict) else {}
            with lock:
                mcp.headers = dict(self.headers.items())
                reply = mcp.answer(str(method), params)
            body = json.dumps({"jsonrpc": "2.0", "id": message["id"], **(reply or {})}).encode()
            if opts.behaviour == "drop" and method == opts.drop_at:
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body) * 2))
                self.end_headers()
                self.wfile.write(body[: len(body) // 2])
                self.wfile.flush()
                self.close_connection = True
                return
            self._send(200, body, "application/json")

    return Handler


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="http")
    p.add_argument("--behaviour", choices=BEHAVIOURS, default="echo_headers")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--token", default="sk-test-secret-value")
    p.add_argument("--location", default=None)
    p.add_argument("--fail-from", type=int, default=0)
    p.add_argument("--drop-at", default="tools/list")
    opts = p.parse_args(argv)
    contract = standard_contract()
    echo = {
        "name": "echo_headers",
        "description": "Return the HTTP request headers this server received.",
        "inputSchema": {"type": "object", "properties": {}},
    }
    contract["tools"] = [echo, *contract["tools"]]
    mcp = HeaderEcho("zoo-http", era="legacy", **contract)
    httpd = ThreadingHTTPServer(("127.0.0.1", opts.port), make_handler(opts, mcp))
    httpd.daemon_threads = True
    opts.bound_port = httpd.server_port
    print(f"http://127.0.0.1:{opts.bound_port}/mcp", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
