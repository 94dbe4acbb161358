"""Regressions from the recorder review: secrets, depth, determinism of failures."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.codec import DEPTH_MARKER
from mcpvcr.live import record
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import stdio_target
from tests.live.helpers import run_mcpvcr

EDGE = Path(__file__).resolve().parent / "edge_server.py"


def edge(mode: str) -> str:
    return f"{sys.executable} {EDGE} {mode}"


def show(path: Path) -> str:
    return json.dumps(store.load(str(path)).body, ensure_ascii=False)


def test_truncated_answer_never_keeps_part_of_a_secret(tmp_path: Path) -> None:
    out = tmp_path / "cut.mcpvcr"
    secret = "abcdef123456"
    run = run_mcpvcr(
        "record", "--stdio", edge("secretcut"), "--env", f"API_TOKEN={secret}",
        "--protocol", "initialize", "--fuzz", "-o", str(out),
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    body = show(out)
    assert '"truncated"' in body
    # The preview cut used to fall inside the token: "AAAAabcdef" survived redaction.
    assert "Aabcdef" not in body and secret[:4] not in body.replace("[REDAC", "")


def test_answer_nested_700_deep_keeps_the_fuzz_pass(tmp_path: Path) -> None:
    out = tmp_path / "deep.mcpvcr"
    run = run_mcpvcr(
        "record", "--stdio", edge("deep"), "--protocol", "initialize", "--fuzz", "-o", str(out)
    )
    assert run.returncode == 0, run.stderr
    cassette = store.load(str(out))
    assert cassette.complete
    assert cassette.body["interactions"]
    assert DEPTH_MARKER in show(out)


def test_a_failing_fuzz_pass_names_the_real_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import mcpvcr.live.exercise as exercise_module

    def broken(*args: object, **kwargs: object) -> dict[str, object]:
        raise ValueError("boom in interaction")

    monkeypatch.setattr(exercise_module, "interaction", broken)
    target = stdio_target(edge("deep"))
    cassette = record(target, RecordOptions(fuzz=True, protocol="initialize", timeout=5))
    assert cassette.header["incomplete"] == "the fuzz pass failed: ValueError: boom in interaction"


def test_fuzz_and_live_redaction_write_the_same_placeholder() -> None:
    from mcpvcr.fuzz.scrub import REDACTED as SCRUB_REDACTED
    from mcpvcr.redaction import REDACTED

    assert SCRUB_REDACTED == REDACTED


def test_url_password_and_query_key_never_reach_cassette_or_messages(tmp_path: Path) -> None:
    import base64

    from tests.live.http_server import EchoHeadersServer

    out = tmp_path / "url.mcpvcr"
    with EchoHeadersServer(None) as server:
        host = server.url.removeprefix("http://")
        url = f"http://user:pa55word-x@{host}?api_key=SEKRET-123"
        run = run_mcpvcr("record", url, "-o", str(out))
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    description = store.load(out).tool_named("whoami")["description"]
    assert "api_key=[REDACTED]" in description  # the server did echo the path
    assert '"authorization": "Basic [REDACTED]"' in description
    basic = base64.b64encode(b"user:pa55word-x").decode()
    for secret in ("SEKRET-123", "pa55word-x", basic):
        assert secret.encode() not in data
        assert secret not in run.stderr + run.stdout
    assert "user:***@" in run.stderr and "api_key=***" in run.stderr


def test_a_dying_server_records_the_same_bytes_twice(tmp_path: Path) -> None:
    # It writes its PID and the time to stderr and exits: only the exit is recorded.
    outs = [tmp_path / "a.mcpvcr", tmp_path / "b.mcpvcr"]
    for out in outs:
        run = run_mcpvcr("record", "--stdio", edge("noisy_exit"), "-o", str(out))
        assert run.returncode == 0, run.stderr
    assert outs[0].read_bytes() == outs[1].read_bytes()
    probe = store.load(outs[0]).body["negotiation"][0]
    assert probe == {"method": "server/discover", "closed": "the server exited with code 1"}


def test_stderr_tail_is_in_the_message_not_in_the_cassette(tmp_path: Path) -> None:
    from tests.live.helpers import fake_command

    out = tmp_path / "die.mcpvcr"
    run = run_mcpvcr("record", "--stdio", fake_command("die_listing"), "-o", str(out))
    assert run.returncode == 3
    assert "crashing while listing" in run.stderr
    cassette = store.load(out)
    assert (
        cassette.header["incomplete"]
        == "the server died while listing: the server exited with code 7"
    )
    assert "crashing while listing" not in show(out)


def test_stderr_flood_keeps_only_a_bounded_tail() -> None:
    import asyncio

    from mcpvcr.live.stdio import STDERR_KEEP_BYTES, open_stdio

    flood = (
        "import sys\n"
        "for _ in range(20 * 1024): sys.stderr.write('x' * 1023 + '\\n')\n"
        "sys.stderr.write('last words\\n')\n"
    )

    async def main() -> None:
        async with open_stdio(stdio_target([sys.executable, "-c", flood])) as channel:
            assert await channel.receive() is None  # exits without a message
            # 20 MB went through; only the tail was kept (it used to be a temp file).
            assert len(channel.stderr.data) <= STDERR_KEEP_BYTES
            assert channel.detail().endswith("last words")
            assert channel.why_closed() == "the server exited with code 0"

    asyncio.run(main())


def test_http_non_object_result_records_the_stdio_stand_in(tmp_path: Path) -> None:
    from tests.live.http_server import EchoHeadersServer

    out = tmp_path / "nondict.mcpvcr"
    with EchoHeadersServer(None, nondict=True) as server:
        run = run_mcpvcr("record", server.url, "-o", str(out))
    assert run.returncode == 0, run.stderr
    # What wire.RawClient records over stdio, not pydantic's text (docs URL, id).
    assert store.load(out).list_record("tools")["error"] == {
        "code": -32603,
        "message": "mcpvcr: the server's result is not a JSON object",
        "data": {"result": [1]},
    }
