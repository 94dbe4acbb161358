"""Record modes of `mcpvcr replay` (vcrpy's none, once, new_episodes, all)."""

from __future__ import annotations

import json
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcpvcr import store
from mcpvcr.judge import judged

REPO = Path(__file__).resolve().parents[2]
DEMO_CASSETTE = REPO / "cassettes" / "demo_target.mcpvcr"
DEMO = f"{sys.executable} -m examples.demo_target"
INIT: dict[str, Any] = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "t", "version": "1"},
    },
}
INITIALIZED: dict[str, Any] = {"jsonrpc": "2.0", "method": "notifications/initialized"}


def call(ident: int, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    params = {"name": name, "arguments": arguments}
    return {"jsonrpc": "2.0", "id": ident, "method": "tools/call", "params": params}


def replay(file: Path, *args: str, messages: list[dict[str, Any]]) -> tuple[int, dict[Any, Any]]:
    """Pipe messages into `mcpvcr replay`; return the exit code and the answers by id."""
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "replay", str(file), *args],
        input="".join(json.dumps(m) + "\n" for m in messages),
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=60,
    )
    answers = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
    return done.returncode, {answer.get("id"): answer for answer in answers}


def test_new_episodes_forwards_a_miss_and_keeps_it(tmp_path: Path) -> None:
    file = tmp_path / "demo.mcpvcr"
    shutil.copy(DEMO_CASSETTE, file)
    before = len(judged(store.load(file)).interactions)
    messages = [INIT, INITIALIZED, call(2, "divide", {"a": 6, "b": 3})]
    code, answers = replay(file, "--mode", "new_episodes", "--target", DEMO, messages=messages)
    assert code == 0
    assert answers[2]["result"]["content"][0]["text"] == '{"result": 2}'
    kept = judged(store.load(file)).interactions
    assert len(kept) == before + 1
    assert kept[-1]["case"] == "replay" and kept[-1]["outcome"] == "ok"
    # The new episode now replays with no target at all.
    code, answers = replay(file, messages=messages)
    assert code == 0 and answers[2]["result"]["content"][0]["text"] == '{"result": 2}'


def test_mode_none_answers_a_miss_with_an_error_and_never_writes(tmp_path: Path) -> None:
    file = tmp_path / "demo.mcpvcr"
    shutil.copy(DEMO_CASSETTE, file)
    before = file.read_bytes()
    _, answers = replay(file, messages=[INIT, call(2, "divide", {"a": 6, "b": 3})])
    assert answers[2]["error"]["code"] == -32050
    assert file.read_bytes() == before


def test_once_records_a_missing_cassette_then_only_replays(tmp_path: Path) -> None:
    file = tmp_path / "new.mcpvcr"
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    messages = [INIT, INITIALIZED, listing, call(3, "divide", {"a": 8, "b": 2})]
    code, answers = replay(file, "--mode", "once", "--target", DEMO, messages=messages)
    assert code == 0 and len(answers[2]["result"]["tools"]) == 4
    assert answers[3]["result"]["content"][0]["text"] == '{"result": 4}'
    recorded = file.read_bytes()
    assert [i["target"] for i in store.load(file).interactions] == ["divide"]
    # Present now: a target that cannot even start is never contacted.
    code, answers = replay(file, "--mode", "once", "--target", "/no/such/server", messages=messages)
    assert code == 0 and answers[3]["result"]["content"][0]["text"] == '{"result": 4}'
    assert file.read_bytes() == recorded


def test_requests_from_a_regular_file_and_hostile_lines(tmp_path: Path) -> None:
    deep = "[" * 100_000 + "]" * 100_000
    requests = tmp_path / "requests.jsonl"
    lines = [json.dumps(INIT), deep, "not json", json.dumps(call(2, "greet", {}))]
    requests.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with requests.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "mcpvcr", "replay", str(DEMO_CASSETTE)],
            stdin=stdin,
            capture_output=True,
            cwd=REPO,
            timeout=60,
        )
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert sum(1 for a in answers if a.get("error", {}).get("code") == -32700) == 2
    assert any(a.get("id") == 2 and "result" in a for a in answers)
    assert b"Traceback" not in done.stderr


def test_all_rerecords_every_call(tmp_path: Path) -> None:
    file = tmp_path / "demo.mcpvcr"
    shutil.copy(DEMO_CASSETTE, file)
    messages = [INIT, INITIALIZED, call(2, "greet", {"name": "Ada"})]
    code, answers = replay(file, "--mode", "all", "--target", DEMO, messages=messages)
    assert code == 0 and answers[2]["result"]["content"][0]["text"] == "Hello, Ada!"
    assert [i["target"] for i in store.load(file).interactions] == ["greet"]


def test_modes_that_need_a_target_say_so(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "replay", str(DEMO_CASSETTE), "--mode", "new_episodes"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 2 and "needs --target" in done.stderr


def test_a_discover_era_cassette_also_answers_legacy_initialize() -> None:
    assert store.load(DEMO_CASSETTE).handshake == "server/discover"
    _, answers = replay(DEMO_CASSETTE, messages=[INIT])
    result = answers[1]["result"]
    assert result["protocolVersion"] == "2025-06-18"
    assert result["serverInfo"]["name"] == "demo-target"


def test_stdin_at_dev_null_ends_the_replay_cleanly() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "replay", str(DEMO_CASSETTE)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        cwd=REPO,
        timeout=30,
    )
    assert done.returncode == 0 and done.stdout == b"" and b"Traceback" not in done.stderr


def test_new_episodes_starts_without_a_cassette_and_records_the_contract(tmp_path: Path) -> None:
    file = tmp_path / "fresh.mcpvcr"
    listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
    messages = [INIT, INITIALIZED, listing, call(3, "divide", {"a": 8, "b": 2})]
    code, answers = replay(file, "--mode", "new_episodes", "--target", DEMO, messages=messages)
    assert code == 0
    assert answers[1]["result"]["serverInfo"]["name"] == "demo-target"
    assert {tool["name"] for tool in answers[2]["result"]["tools"]} >= {"divide", "greet"}
    kept = store.load(file)
    assert kept.handshake == "initialize" and kept.server["serverInfo"]["name"] == "demo-target"
    assert kept.header["clientInfo"] == INIT["params"]["clientInfo"]
    assert [i["target"] for i in kept.interactions] == ["divide"]
    # and it replays with no target
    code, replayed = replay(file, messages=messages)
    assert code == 0 and replayed[3] == answers[3]


def test_a_record_through_replay_nobody_used_leaves_no_file(tmp_path: Path) -> None:
    file = tmp_path / "never.mcpvcr"
    code, _ = replay(file, "--mode", "new_episodes", "--target", DEMO, messages=[])
    assert code == 0 and not file.exists()


def test_ctrl_c_ends_replay_http_quietly(tmp_path: Path) -> None:
    from tests.targets import run_in_netns

    script = f"""
{shlex.quote(sys.executable)} -m mcpvcr replay {shlex.quote(str(DEMO_CASSETTE))} \\
  --http 127.0.0.1:8765 2> {tmp_path}/err &
P=$!
wait_port 8765
kill -INT $P; rc=0; wait $P || rc=$?; echo "exit $rc"
"""
    result = run_in_netns(script, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "exit 0"
    assert "Traceback" not in (tmp_path / "err").read_text()
