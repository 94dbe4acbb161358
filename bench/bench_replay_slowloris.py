"""Slow clients against `replay --http` (issue 23 item 11).

    python bench/bench_replay_slowloris.py

Starts `mcpvcr replay cassettes/demo_target.mcpvcr --http 127.0.0.1:PORT`, opens
N connections that send their headers and then trickle the body one byte at a
time, and measures how long an honest `initialize` POST takes meanwhile. Before
the fix every honest client was turned away once MAX_CONNECTIONS slow bodies held
the slots. Nothing here asserts; it prints one row per N.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "bench", "version": "1"},
    },
}
HEAD = (
    b"POST /mcp HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
    b"Accept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n["
)


def _port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _honest(port: int) -> tuple[str, float]:
    started = time.perf_counter()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        conn.request(
            "POST",
            "/mcp",
            body=json.dumps(INIT).encode(),
            headers={
                "Content-Type": "application/json",
                "Accept": "application/json, text/event-stream",
            },
        )
        status = str(conn.getresponse().status)
        conn.close()
    except OSError as err:
        status = type(err).__name__
    return status, time.perf_counter() - started


def main() -> None:
    port = _port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mcpvcr",
            "replay",
            "cassettes/demo_target.mcpvcr",
            "--http",
            f"127.0.0.1:{port}",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and _honest(port)[0] != "200":
            time.sleep(0.2)
        print(f"{'slow bodies':>12} {'honest POSTs ok':>16} {'median s':>9} {'max s':>7}")
        for count in (0, 64, 128, 256):
            slow = []
            for _ in range(count):
                s = socket.socket()
                try:
                    s.connect(("127.0.0.1", port))
                    s.send(HEAD)
                except OSError:
                    s.close()
                    continue
                slow.append(s)
            times, ok = [], 0
            for _ in range(5):
                for s in slow:
                    with contextlib.suppress(OSError):
                        s.send(b" ")
                status, took = _honest(port)
                ok += status == "200"
                times.append(took)
            for s in slow:
                s.close()
            times.sort()
            print(f"{count:>12} {ok:>14}/5 {times[len(times) // 2]:>9.3f} {times[-1]:>7.3f}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
