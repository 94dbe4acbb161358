"""Replay fidelity: recording a replayed cassette gives back the same bytes.

Each committed cassette was recorded from a real server (or the demo target).
Serving it with `mcpvcr replay` and recording that with the options the
cassette's header names must reproduce the file byte for byte: same handshake
exchange, same pages, same answers to the same fuzz cases, same coarse
latencies, same server-to-client requests.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import codec, store
from tests.live.helpers import run_mcpvcr

REPO = Path(__file__).resolve().parents[2]
CASSETTES = ["demo_target", "everything", "time", "filesystem", "mcpvcr-serve"]


def record_args(header: dict[str, Any]) -> list[str]:
    """The `mcpvcr record` options that reproduce a cassette's recording options."""
    options = header["options"]
    args = ["--protocol", options["protocol"], "--seed", str(options["seed"])]
    if options["fuzz"]:
        args.append("--fuzz")
    if options.get("fuzzDestructive"):
        args.append("--fuzz-destructive")
    if options.get("keepVolatile"):
        args.append("--keep-volatile")
    if options.get("maxTools") is not None:
        args += ["--max-tools", str(options["maxTools"])]
    for pattern in options.get("scrubPatterns", []):
        args += ["--scrub", pattern]
    for tool, arguments in options.get("pinnedArguments", {}).items():
        args += ["--pin", f"{tool}={json.dumps(arguments)}"]
    return args


@pytest.mark.parametrize("name", CASSETTES)
def test_recording_the_replay_gives_identical_bytes(name: str, tmp_path: Path) -> None:
    original = REPO / "cassettes" / f"{name}.mcpvcr"
    header = store.load(original).header
    replay = f"{sys.executable} -m mcpvcr replay {original}"
    again = tmp_path / "again.mcpvcr"
    done = run_mcpvcr("record", "--stdio", replay, *record_args(header), "-o", str(again))
    assert done.returncode == 0, done.stderr
    if again.read_bytes() != original.read_bytes():
        old = json.dumps(codec.to_json_value(store.load(original).body), sort_keys=True, indent=1)
        new = json.dumps(codec.to_json_value(store.load(again).body), sort_keys=True, indent=1)
        assert new.splitlines() == old.splitlines()
        raise AssertionError("bodies equal but the files differ (header)")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def test_http_replay_serves_the_same_contract(tmp_path: Path) -> None:
    original = REPO / "cassettes" / "demo_target.mcpvcr"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", "replay", str(original), "--http", f"127.0.0.1:{port}"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 20
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            assert time.monotonic() < deadline and server.poll() is None, "replay did not listen"
            time.sleep(0.05)
        again = tmp_path / "http.mcpvcr"
        header = store.load(original).header
        url = f"http://127.0.0.1:{port}/mcp"
        done = run_mcpvcr("record", url, *record_args(header), "-o", str(again))
        assert done.returncode == 0, done.stderr
    finally:
        server.terminate()
        server.wait(timeout=10)
    recorded, replayed = store.load(original), store.load(again)
    assert replayed.header["transport"] == "http"
    for key in ("server", "tools", "resources", "resourceTemplates", "prompts", "interactions"):
        assert replayed.body[key] == recorded.body[key], key


def test_http_replay_refuses_a_foreign_origin(tmp_path: Path) -> None:
    import urllib.error
    import urllib.request

    original = REPO / "cassettes" / "demo_target.mcpvcr"
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", "replay", str(original), "--http", f"127.0.0.1:{port}"],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 20
        while socket.socket().connect_ex(("127.0.0.1", port)) != 0:
            assert time.monotonic() < deadline and server.poll() is None, "replay did not listen"
            time.sleep(0.05)
        body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode()

        def post(origin: str) -> int:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/mcp",
                data=body,
                headers={"content-type": "application/json", "origin": origin},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    return int(response.status)
            except urllib.error.HTTPError as err:
                return int(err.code)

        assert post("http://evil.example") == 403
        assert post("http://localhost:3000") == 200
    finally:
        server.terminate()
        server.wait(timeout=10)
