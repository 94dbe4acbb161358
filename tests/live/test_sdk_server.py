"""Both protocol eras against a real mcp SDK server (tests/live/sdk_server.py), stdio and HTTP."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.judge import judged
from tests.live.helpers import run_mcpvcr

SERVER = Path(__file__).resolve().parent / "sdk_server.py"
STDIO = f"{sys.executable} {SERVER}"


def contract(path: Path) -> dict[str, list[str]]:
    cassette = store.load(path)
    return {
        kind: [item["name"] for item in cassette.items(kind)]
        for kind in ("tools", "resources", "prompts")
    }


@pytest.mark.parametrize(
    ("protocol", "handshake", "version"),
    [
        ("auto", "server/discover", "2026-07-28"),
        ("initialize", "initialize", "2025-11-25"),
    ],
)
def test_stdio_eras(tmp_path: Path, protocol: str, handshake: str, version: str) -> None:
    out = tmp_path / "sdk.mcpvcr"
    run = run_mcpvcr("record", "--stdio", STDIO, "--protocol", protocol, "-o", str(out))
    assert run.returncode == 0, run.stderr
    cassette = store.load(out)
    assert (cassette.handshake, cassette.protocol_version) == (handshake, version)
    assert cassette.server_info["name"] == "sdk-dual-era"
    assert cassette.instructions == "A dual-era test server."
    assert contract(out) == {"tools": ["add"], "resources": ["readme"], "prompts": ["review"]}
    assert cassette.header["options"]["protocol"] == protocol


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def http_server() -> Iterator[str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, str(SERVER), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            with socket.socket() as sock:
                if sock.connect_ex(("127.0.0.1", port)) == 0:
                    break
            assert proc.poll() is None and time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def test_http_both_eras_and_fuzz_in_the_modern_one(tmp_path: Path) -> None:
    modern, legacy = tmp_path / "modern.mcpvcr", tmp_path / "legacy.mcpvcr"
    with http_server() as url:
        first = run_mcpvcr("record", url, "--fuzz", "-o", str(modern))
        second = run_mcpvcr("record", url, "--protocol", "initialize", "-o", str(legacy))
        again = run_mcpvcr("record", url, "--fuzz", "-o", str(tmp_path / "again.mcpvcr"))
    assert first.returncode == 0, first.stderr
    assert again.returncode == 0, again.stderr
    # session ids, ports and timings stay out of the file
    assert (tmp_path / "again.mcpvcr").read_bytes() == modern.read_bytes()
    assert second.returncode == 0, second.stderr
    assert store.load(modern).handshake == "server/discover"
    assert store.load(legacy).handshake == "initialize"
    assert contract(modern) == contract(legacy)
    calls = {
        (i["target"], i["case"]): i["outcome"] for i in judged(store.load(modern)).interactions
    }
    # tools/call carried the era's _meta and headers: the SDK server answered it
    assert calls[("add", "valid")] == "ok"
    assert calls[("sdk://readme", "read")] == "ok"
