"""A server's own `roots/list` (asked once initialized, not for one call) is filed with the
session: a replay asks it after `notifications/initialized`, never in the middle of a call,
so a client without roots (or with other roots) gets the call's answer, not a replay miss."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcpvcr import store
from tests.replay.test_modes import INITIALIZED, REPO, call

ASKING = f"{sys.executable} -m tests.servers counter --ask-roots"
ROOTS = [{"uri": "file:///work/project", "name": "project"}]


def init(capabilities: dict[str, Any]) -> dict[str, Any]:
    params = {
        "protocolVersion": "2025-06-18",
        "capabilities": capabilities,
        "clientInfo": {"name": "roots-client", "version": "1"},
    }
    return {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}


def converse(file: Path, capabilities: dict[str, Any], *args: str) -> list[dict[str, Any]]:
    """Initialize, then call `next` twice, one at a time, answering roots/list with ROOTS;
    every message the replay sent, in order."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", "replay", str(file), "--no-latency", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[dict[str, Any]] = []

    def send(message: dict[str, Any]) -> None:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(message) + "\n")
        proc.stdin.flush()

    def until_answer(ident: int) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            message = json.loads(line)
            seen.append(message)
            if message.get("method") == "roots/list":
                send({"jsonrpc": "2.0", "id": message["id"], "result": {"roots": ROOTS}})
            elif message.get("id") == ident and "method" not in message:
                return

    try:
        send(init(capabilities))
        until_answer(1)
        send(INITIALIZED)
        for ident in (2, 3):
            send(call(ident, "next", {}))
            until_answer(ident)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    return seen


def answers(seen: list[dict[str, Any]]) -> list[Any]:
    return [
        m["result"]["content"][0]["text"] if "result" in m else m["error"]["code"]
        for m in seen
        if m.get("id") in (2, 3) and "method" not in m
    ]


def test_roots_list_is_filed_with_the_session_not_the_call(tmp_path: Path) -> None:
    file = tmp_path / "c.mcpvcr"
    roots = {"roots": {"listChanged": False}}
    seen = converse(file, roots, "--mode", "all", "--target", ASKING)
    assert answers(seen) == ["1", "2"]
    assert any(m.get("method") == "roots/list" for m in seen)  # relayed to the client live
    cassette = store.load(file)
    assert all("roots/list" not in json.dumps(i.get("exchange", [])) for i in cassette.interactions)
    assert "roots/list" in cassette.body["diagnostics"]["serverRequests"]
    assert cassette.body["diagnostics"]["clientRoots"] == ROOTS
    # A client without roots gets the calls' answers, not a miss on `next`.
    assert answers(converse(file, {})) == ["1", "2"]
    # A client with roots is asked for them once initialized, as the server did.
    again = converse(file, roots)
    assert answers(again) == ["1", "2"]
    asked = [i for i, m in enumerate(again) if m.get("method") == "roots/list"]
    first_answer = next(i for i, m in enumerate(again) if m.get("id") == 2)
    assert len(asked) == 1 and asked[0] < first_answer


def test_a_request_for_the_call_stays_with_the_call() -> None:
    """The mirror: sampling asked during a call is part of that call's exchange."""
    from mcpvcr.replay.episodes import SESSION_REQUESTS

    assert "sampling/createMessage" not in SESSION_REQUESTS
    assert "elicitation/create" not in SESSION_REQUESTS
