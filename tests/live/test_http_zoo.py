"""The recorder against the misbehaving HTTP server of the test zoo (tests/servers/http.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr import store
from tests.live.helpers import run_mcpvcr
from tests.servers.launch import http_server

TOKEN = "sk-test-secret-value"  # the zoo server's default token


def record(url: str, out: Path) -> tuple[int, str]:
    run = run_mcpvcr("record", url, "--timeout", "3", "--bearer", TOKEN, "-o", str(out))
    assert "Traceback" not in run.stderr
    assert TOKEN not in run.stderr
    return run.returncode, run.stderr.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("behaviour", "args", "expected"),
    [
        ("redirect", (), "not followed"),
        ("error500", (), "HTTP 500 Internal Server Error"),
    ],
)
def test_handshake_failures_are_one_line_exit_3(
    tmp_path: Path, behaviour: str, args: tuple[str, ...], expected: str
) -> None:
    out = tmp_path / "z.mcpvcr"
    with http_server(behaviour, *args) as url:
        code, last = record(url, out)
    assert code == 3
    assert url in last and expected in last
    assert not out.exists()


def test_list_failures_are_recorded_with_their_http_status(tmp_path: Path) -> None:
    out = tmp_path / "z.mcpvcr"
    with http_server("error500", "--fail-from", "3") as url:
        code, last = record(url, out)
    assert code == 0
    assert "failed: tools/list -32603" in last
    cassette = store.load(out)
    assert cassette.list_record("tools")["error"]["code"] == -32603
    assert cassette.body["diagnostics"]["httpErrors"] == ["HTTP 500 Internal Server Error"]
    assert TOKEN.encode() not in out.read_bytes()


def test_connection_dropped_mid_answer_keeps_a_partial_cassette(tmp_path: Path) -> None:
    out = tmp_path / "z.mcpvcr"
    with http_server("drop") as url:
        code, last = record(url, out)
    assert code == 3
    assert "recording incomplete" in last and "partial cassette" in last
    cassette = store.load(out)
    assert cassette.complete is False
    assert "the connection failed" in cassette.header["incomplete"]
    assert cassette.handshake == "initialize"
