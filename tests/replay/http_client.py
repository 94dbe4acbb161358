"""A tiny raw streamable-HTTP MCP client for scripts run in a network namespace (stdlib only).

    python -m tests.replay.http_client URL CALLS.json [--protocol VERSION] [--roots]

Sends `initialize` (as client "raw-http-client", declaring roots when --roots), then
`notifications/initialized`, then each request of CALLS.json (a list of {"method", "params"})
in order, answering a server's `roots/list` with one root. Prints one JSON line: the answers
in order ({"result"} or {"error"}) under "answers", and the notifications seen under "notes".
"""

from __future__ import annotations

import argparse
import http.client
import json
import sys
from typing import Any
from urllib.parse import urlsplit


class Client:
    def __init__(self, url: str) -> None:
        parts = urlsplit(url)
        self.host, self.port, self.path = parts.hostname or "", parts.port or 80, parts.path
        self.session = ""
        self.notes: list[str] = []
        self.ids = 0

    def post(self, message: dict[str, Any]) -> list[dict[str, Any]]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        headers = {
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        conn.request("POST", self.path, body=json.dumps(message).encode(), headers=headers)
        response = conn.getresponse()
        self.session = response.getheader("mcp-session-id") or self.session
        if "text/event-stream" not in (response.getheader("content-type") or ""):
            body = response.read().decode()
            conn.close()
            if response.status == 202 or not body.strip():
                return []
            parsed = json.loads(body)
            return parsed if isinstance(parsed, list) else [parsed]
        messages = []
        for raw in response:  # answer the server's requests while its stream is open
            line = raw.decode().strip()
            if not line.startswith("data:"):
                continue
            message = json.loads(line[5:])
            if "method" in message:
                self.server_message(message)
                continue
            messages.append(message)
            break  # one request per POST: its answer ends the stream
        conn.close()
        return messages

    def request(self, method: str, params: Any) -> dict[str, Any]:
        self.ids += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self.ids, "method": method}
        if params is not None:
            message["params"] = params
        for reply in self.post(message):
            if reply.get("id") == self.ids:
                return {k: reply[k] for k in ("result", "error") if k in reply}
        return {"error": {"code": 0, "message": "no answer"}}

    def server_message(self, message: dict[str, Any]) -> None:
        if "id" in message and message.get("method") == "roots/list":
            roots = {"roots": [{"uri": "file:///work/project", "name": "project"}]}
            self.post({"jsonrpc": "2.0", "id": message["id"], "result": roots})
        elif "method" in message:
            self.notes.append(str(message["method"]))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("calls")
    parser.add_argument("--protocol", default="2025-06-18")
    parser.add_argument("--roots", action="store_true")
    args = parser.parse_args(argv)
    client = Client(args.url)
    capabilities = {"roots": {"listChanged": False}} if args.roots else {}
    init = {
        "protocolVersion": args.protocol,
        "capabilities": capabilities,
        "clientInfo": {"name": "raw-http-client", "version": "1"},
    }
    answers = [client.request("initialize", init)]
    for message in client.post({"jsonrpc": "2.0", "method": "notifications/initialized"}):
        client.server_message(message)
    with open(args.calls, encoding="utf-8") as handle:
        calls = json.load(handle)
    answers += [client.request(call["method"], call.get("params")) for call in calls]
    print(json.dumps({"answers": answers, "notes": client.notes}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
