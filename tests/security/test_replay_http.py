"""Finding 7: `replay --http` answers only local clients, bounded, and is no open proxy."""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mcpvcr.replay.http_guard import MAX_BODY_BYTES, MAX_CONNECTIONS
from tests.live.helpers import REPO
from tests.targets.netns import run_in_netns

DEMO_CASSETTE = REPO / "cassettes" / "demo_target.mcpvcr"
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def replay(*extra: str, cassette: Path = DEMO_CASSETTE) -> Iterator[tuple[int, Any]]:
    port = _free_port()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mcpvcr",
            "replay",
            str(cassette),
            "--http",
            f"127.0.0.1:{port}",
            *list(extra),
        ],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                if probe.connect_ex(("127.0.0.1", port)) == 0:
                    break
            time.sleep(0.1)
        yield port, proc
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def post(port: int, body: bytes, **headers: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    sent = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
    sent.update({k.replace("_", "-"): v for k, v in headers.items()})
    conn.request("POST", "/mcp", body=body, headers=sent)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data


def test_foreign_host_is_refused_and_loopback_or_allowed_host_served() -> None:
    body = json.dumps(INIT).encode()
    with replay("--allow-host", "replay.test") as (port, _proc):
        assert post(port, body, Host="evil.example")[0] == 421  # DNS rebinding
        assert post(port, body, Host=f"localhost:{port}")[0] == 200
        assert post(port, body, Host="replay.test")[0] == 200
        assert post(port, body, Host=f"[::1]:{port}")[0] == 200


def test_body_size_is_capped_and_nesting_gives_no_traceback() -> None:
    with replay() as (port, proc):
        assert post(port, b" " * (MAX_BODY_BYTES + 1))[0] == 413
        status, data = post(port, b"[" * 200_000)
        assert status == 400 and b"Parse error" in data
        assert post(port, json.dumps(INIT).encode())[0] == 200  # still serving
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    assert "Traceback" not in err


def test_half_open_connections_do_not_exhaust_descriptors() -> None:
    with replay() as (port, proc):
        sockets = []
        for _ in range(MAX_CONNECTIONS * 3):
            s = socket.socket()
            s.connect(("127.0.0.1", port))
            s.send(b"POST /mcp HTTP/1.1\r\nHost: localhost\r\n")  # headers never finish
            sockets.append(s)
        time.sleep(1.0)
        open_fds = len(os.listdir(f"/proc/{proc.pid}/fd"))
        for s in sockets:
            s.close()
    assert open_fds < MAX_CONNECTIONS + 40


def test_record_through_needs_the_printed_token(tmp_path: Path) -> None:
    file = tmp_path / "demo.mcpvcr"
    file.write_bytes(DEMO_CASSETTE.read_bytes())
    target = f"{sys.executable} -m examples.demo_target"
    with replay("--mode", "new_episodes", "--target", target, cassette=file) as (port, proc):
        call = {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "greet", "arguments": {"name": "Mallory"}},
        }
        body = json.dumps(call).encode()
        assert post(port, body)[0] == 401  # not an open proxy
        assert post(port, body, Authorization="Bearer wrong")[0] == 401
        proc.terminate()
        _, err = proc.communicate(timeout=10)
    match = re.search(r"Authorization: Bearer ([\w-]+)", err)
    assert match, err
    assert b"Mallory" not in file.read_bytes()
    with replay("--mode", "new_episodes", "--target", target, cassette=file) as (port, proc):
        assert proc.stderr is not None
        line = proc.stderr.readline()  # the token is printed before serving starts
        token = re.search(r"Authorization: Bearer ([\w-]+)", line)
        assert token, line
        status, data = post(port, body, Authorization=f"Bearer {token.group(1)}")
        assert status == 200 and b"Mallory" in data


def test_non_loopback_bind_warns() -> None:
    script = (
        f'"$MCPVCR_PYTHON" -m mcpvcr replay {DEMO_CASSETTE} --http 0.0.0.0:8765 2>err & '
        "pid=$!; wait_port 8765 20; kill $pid; wait $pid || true; cat err"
    )
    result = run_in_netns(script, timeout=60)
    assert "not a loopback address" in result.stdout, result.stderr
