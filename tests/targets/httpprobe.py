"""A stdlib HTTP probe for scripts run inside a network namespace (no mcpvcr, no mcp).

    python -m tests.targets.httpprobe initialize URL   # prints the serverInfo name
    python -m tests.targets.httpprobe sse URL          # prints "<status> <content-type>"

`initialize` POSTs an initialize request to a streamable-HTTP endpoint and accepts either a
JSON body or an SSE stream (the last `data:` line). Exit 1 with a one-line error on failure.
"""

from __future__ import annotations

import json
import sys
import urllib.request
from typing import Any

INIT: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-11-25",
        "capabilities": {},
        "clientInfo": {"name": "httpprobe", "version": "0"},
    },
}
HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}


def initialize(url: str) -> str:
    """POST initialize; return serverInfo.name."""
    request = urllib.request.Request(url, json.dumps(INIT).encode(), HEADERS)
    with urllib.request.urlopen(request, timeout=10) as response:
        body = response.read().decode()
    data = [ln[5:] for ln in body.splitlines() if ln.startswith("data:") and ln[5:].strip()]
    message = json.loads(data[-1] if data else body)
    name: str = message["result"]["serverInfo"]["name"]
    return name


def sse(url: str) -> str:
    """GET an SSE endpoint; return its status and content type (the stream is not read)."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return f"{response.status} {response.headers['content-type']}"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("initialize", "sse"):
        print("usage: python -m tests.targets.httpprobe initialize|sse URL", file=sys.stderr)
        return 2
    try:
        print(initialize(argv[1]) if argv[0] == "initialize" else sse(argv[1]))
    except Exception as exc:  # a probe reports any failure as one line
        print(f"httpprobe: {argv[0]} {argv[1]} failed: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
