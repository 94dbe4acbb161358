"""A tiny raw stdio server for the recorder's edge cases; MODE (argv[1]) picks the case.

deep       a tools/call answer nested 700 levels deep
secretcut  a tools/call answer over the truncation size with $API_TOKEN right
           where the 2048-char preview is cut
noisy_exit exits with code 1 on server/discover, after writing its PID and the
           time to stderr (different on every run)
"""

from __future__ import annotations

import json
import os
import sys
import time

MODE = sys.argv[1]
TOOL = {"name": "t", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}


def send(obj: object) -> None:
    sys.stdout.write((obj if isinstance(obj, str) else json.dumps(obj)) + "\n")
    sys.stdout.flush()


def call_answer(mid: int) -> None:
    if MODE == "deep":
        deep = '{"a":' * 700 + '"x"' + "}" * 700
        result = '{"content":[],"structuredContent":' + deep + "}"
        send('{"jsonrpc":"2.0","id":' + str(mid) + ',"result":' + result + "}")
        return
    # The preview is the first 2048 chars of {"content":[{"text":"...: put the token across it.
    prefix = '{"content":[{"text":"'
    text = "A" * (2048 - len(prefix) - 6) + os.environ["API_TOKEN"] + "B" * 300_000
    send({"jsonrpc": "2.0", "id": mid, "result": {"content": [{"type": "text", "text": text}]}})


def main() -> None:
    for line in sys.stdin:
        msg = json.loads(line)
        method, mid = msg.get("method"), msg.get("id")
        if method == "server/discover" and MODE == "noisy_exit":
            sys.stderr.write(f"pid={os.getpid()} t={time.time()} unknown method, bye\n")
            sys.exit(1)
        if mid is None:
            continue
        if method == "initialize":
            server = {"name": "edge", "version": "1"}
            result = {"protocolVersion": "2025-06-18", "capabilities": {"tools": {}}}
            send({"jsonrpc": "2.0", "id": mid, "result": dict(result, serverInfo=server)})
        elif method == "tools/list":
            send({"jsonrpc": "2.0", "id": mid, "result": {"tools": [TOOL]}})
        elif method == "tools/call":
            call_answer(mid)
        else:
            send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "nope"}})


if __name__ == "__main__":
    main()
