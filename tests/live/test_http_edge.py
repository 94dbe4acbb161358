"""The recorder over streamable HTTP against a small in-process server on 127.0.0.1."""

from __future__ import annotations

import base64
from pathlib import Path

from mcpvcr import store
from tests.live.helpers import run_mcpvcr
from tests.live.http_server import EchoHeadersServer

TOKEN = "tok-7f3a9c-never-in-a-cassette"


def test_bearer_token_never_reaches_the_cassette(tmp_path: Path) -> None:
    out = tmp_path / "echo.mcpvcr"
    with EchoHeadersServer(TOKEN) as server:
        run = run_mcpvcr(
            "record",
            server.url,
            "--header",
            "X-Team: blue-team-header",
            "-o",
            str(out),
            env={"MCPVCR_TARGET_TOKEN": TOKEN},
        )
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    for secret in (TOKEN, "blue-team-header", base64.b64encode(TOKEN.encode()).decode()[:12]):
        assert secret.encode() not in data
    cassette = store.load(out)
    description = cassette.tool_named("whoami")["description"]
    assert '"authorization": "[REDACTED]"' in description  # the server did echo it
    assert '"x-team": "[REDACTED]"' in description
    assert cassette.header["target"]["headerNames"] == ["Authorization", "X-Team"]
    assert cassette.header["transport"] == "http"
    # the legacy era's protocol header reached the server on the list call
    assert '"mcp-protocol-version": "2025-11-25"' in description
    assert TOKEN not in run.stderr and TOKEN not in run.stdout


def test_missing_token_is_a_clear_401(tmp_path: Path) -> None:
    out = tmp_path / "echo.mcpvcr"
    with EchoHeadersServer(TOKEN) as server:
        run = run_mcpvcr("record", server.url, "-o", str(out), "--timeout", "5")
    assert run.returncode == 3
    last = run.stderr.strip().splitlines()[-1]
    assert server.url in last
    assert "HTTP 401" in last and "WWW-Authenticate" in last
    assert "Traceback" not in run.stderr
    assert not out.exists()


def test_nothing_listening_is_a_clear_error(tmp_path: Path) -> None:
    with EchoHeadersServer(TOKEN) as server:
        url = server.url
    run = run_mcpvcr("record", url, "-o", str(tmp_path / "x.mcpvcr"), "--timeout", "3")
    assert run.returncode == 3
    assert "cannot connect" in run.stderr and url in run.stderr
    assert run.seconds < 30
