"""Repeated identical requests replay in recorded order (a counter answers 1, then 2)."""

from __future__ import annotations

import asyncio
import http.client
import json
import sys
from pathlib import Path
from typing import Any

from mcpvcr import store
from mcpvcr.cassette import Cassette
from mcpvcr.replay.modes import RecordMode
from mcpvcr.replay.peer import Peer
from mcpvcr.replay.responder import REPLAY_MISS, Responder, Send
from tests.replay.test_modes import INIT, INITIALIZED, call, replay
from tests.security.test_replay_http import replay as replay_http

COUNTER = f"{sys.executable} -m tests.servers counter"


def _counts(answers: dict[Any, Any], ids: range) -> list[str | int]:
    """The text each answer carries, or its error code."""
    out: list[str | int] = []
    for ident in ids:
        answer = answers[ident]
        out.append(
            answer["result"]["content"][0]["text"]
            if "result" in answer
            else answer["error"]["code"]
        )
    return out


def _record_two(tmp_path: Path) -> Path:
    """`replay --mode all` with the live counter: the client sees 1, 2; both are kept."""
    file = tmp_path / "counter.mcpvcr"
    messages: list[dict[str, Any]] = [INIT, INITIALIZED, call(2, "next", {}), call(3, "next", {})]
    code, answers = replay(file, "--mode", "all", "--target", COUNTER, messages=messages)
    assert code == 0
    assert _counts(answers, range(2, 4)) == ["1", "2"]
    assert len(store.load(file).interactions) == 2
    return file


def test_repeats_replay_in_recorded_order_then_the_last_repeats(tmp_path: Path) -> None:
    file = _record_two(tmp_path)
    messages: list[dict[str, Any]] = [
        INIT,
        INITIALIZED,
        *(call(n, "next", {}) for n in range(2, 5)),
    ]
    code, answers = replay(file, "--no-latency", messages=messages)
    assert code == 0
    assert _counts(answers, range(2, 5)) == ["1", "2", "2"]


def test_exhausted_miss_answers_a_replay_miss(tmp_path: Path) -> None:
    file = _record_two(tmp_path)
    messages: list[dict[str, Any]] = [
        INIT,
        INITIALIZED,
        *(call(n, "next", {}) for n in range(2, 5)),
    ]
    _, answers = replay(file, "--no-latency", "--exhausted", "miss", messages=messages)
    assert _counts(answers, range(2, 5)) == ["1", "2", REPLAY_MISS]
    assert "all 2 recorded answers" in answers[4]["error"]["message"]


def test_new_episodes_forwards_a_repeat_past_the_recorded_answers(tmp_path: Path) -> None:
    file = _record_two(tmp_path)
    messages: list[dict[str, Any]] = [
        INIT,
        INITIALIZED,
        *(call(n, "next", {}) for n in range(2, 5)),
    ]
    code, answers = replay(file, "--mode", "new_episodes", "--target", COUNTER, messages=messages)
    assert code == 0
    # 1 and 2 from the cassette; the third is asked of a fresh live session (its first: 1).
    assert _counts(answers, range(2, 5)) == ["1", "2", "1"]
    assert len(store.load(file).interactions) == 3


def test_http_replay_keeps_the_order_per_session(tmp_path: Path) -> None:
    file = _record_two(tmp_path)
    with replay_http("--no-latency", cassette=file) as (port, _proc):
        for _session in range(2):  # each session starts from the first recorded answer
            session, _ = _post(port, INIT)
            texts = []
            for ident in (2, 3):
                _, answer = _post(port, call(ident, "next", {}), session)
                texts.append(answer["result"]["content"][0]["text"])
            assert texts == ["1", "2"]


def _post(port: int, message: dict[str, Any], session: str = "") -> tuple[str, Any]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if session:
        headers["Mcp-Session-Id"] = session
    conn.request("POST", "/mcp", body=json.dumps(message).encode(), headers=headers)
    response = conn.getresponse()
    body = json.loads(response.read())
    conn.close()
    return response.getheader("mcp-session-id") or session, body


def _cassette(*answers: str) -> Cassette:
    cassette = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-06-18",
        client_info={},
        client_capabilities={},
        server={"capabilities": {"tools": {}}},
    )
    for text in answers:
        cassette.append_interaction(
            {
                "method": "tools/call",
                "target": "next",
                "params": {"name": "next", "arguments": {}},
                "response": {"result": {"content": [{"type": "text", "text": text}]}},
            }
        )
    return cassette


def _ask(responder: Responder, peer: Peer, ident: int) -> str:
    answer = asyncio.run(responder.answer(call(ident, "next", {}), peer))
    assert isinstance(answer, Send)
    text: str = answer.message["result"]["content"][0]["text"]
    return text


def test_each_client_gets_its_own_order() -> None:
    responder = Responder(_cassette("a", "b"), replay_latency=False)
    first, second = Peer(), Peer()
    assert [_ask(responder, first, 1), _ask(responder, second, 1)] == ["a", "a"]
    assert _ask(responder, first, 2) == "b"


def test_a_single_recorded_answer_still_answers_every_repeat() -> None:
    """The mirror: one recorded answer serves any number of identical requests (mode none)."""
    responder = Responder(_cassette("only"), replay_latency=False, mode=RecordMode.NONE)
    peer = Peer()
    assert [_ask(responder, peer, n) for n in range(3)] == ["only"] * 3


def test_http_record_through_then_pure_replay_give_1_then_2(tmp_path: Path) -> None:
    file = tmp_path / "counter-http.mcpvcr"
    live = ("--mode", "all", "--target", COUNTER, "--no-token", "--no-latency")
    for args in (live, ("--no-latency",)):  # through the proxy, then the pure replay
        with replay_http(*args, cassette=file) as (port, _proc):
            session, _ = _post(port, INIT)
            texts = []
            for ident in (2, 3):
                _, answer = _post(port, call(ident, "next", {}), session)
                texts.append(answer["result"]["content"][0]["text"])
        assert texts == ["1", "2"], args
    assert len(store.load(file).interactions) == 2
