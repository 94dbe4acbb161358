"""A baseline recorded through the proxy (`replay --mode all`) verifies clean against its
unchanged server: verify speaks as the client that recorded it (protocol version,
capabilities, clientInfo, the roots it gave) and sends its calls as that client meant them."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import store
from tests.replay.test_modes import INIT, INITIALIZED, REPO, call, replay

DEMO = f"{sys.executable} -m examples.demo_target"
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("greet", {"name": "Ada"}),
    ("divide", {"a": 6, "b": 3}),
    ("divide", {"a": 1, "b": 0}),
    ("set_mode", {"mode": "bogus"}),
    ("set_mode", {}),
    ("well_behaved", {"greeting": ""}),
    ("no_such_tool", {}),
    ("well_behaved", {"greeting": "hi"}),
]
OTHER = [
    {"method": "resources/read", "params": {"uri": "demo://readme"}},
    {"method": "resources/read", "params": {"uri": "demo://nothing"}},
    {"method": "prompts/get", "params": {"name": "summarize", "arguments": {"topic": "x"}}},
    {"method": "prompts/get", "params": {"name": "summarize"}},
]


def verify(baseline: Path, *target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", "verify", str(baseline), *target],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )


def test_a_proxy_recorded_calculator_baseline_verifies_clean(tmp_path: Path) -> None:
    file = tmp_path / "demo.mcpvcr"
    messages: list[dict[str, Any]] = [INIT, INITIALIZED]
    messages += [call(n, name, args) for n, (name, args) in enumerate(CALLS, start=2)]
    messages += [{"jsonrpc": "2.0", "id": 100 + n, **m} for n, m in enumerate(OTHER)]
    code, answers = replay(file, "--mode", "all", "--target", DEMO, messages=messages)
    assert code == 0 and len(answers) == 1 + len(CALLS) + len(OTHER)
    assert store.load(file).header["clientInfo"]["name"] == "t"
    done = verify(file, "--stdio", DEMO)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No contract changes" in done.stdout
    # The live recording spoke as the baseline's client, at its protocol version.
    updated = tmp_path / "updated.mcpvcr"
    updated.write_bytes(file.read_bytes())
    assert verify(updated, "--stdio", DEMO, "--update").returncode == 0
    fresh = store.load(updated)
    assert fresh.handshake == "initialize" and fresh.protocol_version == "2025-06-18"
    assert fresh.header["clientInfo"] == {"name": "t", "version": "1"}


def test_a_baseline_mcpvcr_recorded_still_speaks_as_mcpvcr(tmp_path: Path) -> None:
    """The mirror: a `record --fuzz` baseline keeps mcpvcr's own handshake."""
    file = tmp_path / "demo.mcpvcr"
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "record", "--stdio", DEMO, "--fuzz", "-o", str(file)],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    updated = tmp_path / "updated.mcpvcr"
    updated.write_bytes(file.read_bytes())
    assert verify(updated, "--stdio", DEMO, "--update").returncode == 0
    assert store.load(updated).header["clientInfo"]["name"] == "mcpvcr"
    assert store.load(updated).handshake == store.load(file).handshake


EVERYTHING_CALLS = [
    {"method": "tools/call", "params": {"name": "echo", "arguments": {"message": "hi"}}},
    {"method": "tools/call", "params": {"name": "echo", "arguments": {}}},
    {"method": "tools/call", "params": {"name": "get-sum", "arguments": {"a": 1, "b": 2}}},
    {"method": "tools/call", "params": {"name": "get-sum", "arguments": {"a": "x", "b": 2}}},
    {"method": "tools/call", "params": {"name": "no-such-tool", "arguments": {}}},
    {"method": "tools/call", "params": {"name": "get-tiny-image", "arguments": {}}},
    {"method": "tools/call", "params": {"name": "get-roots-list", "arguments": {}}},
    {
        "method": "tools/call",
        "params": {"name": "trigger-long-running-operation", "arguments": {"duration": 1}},
    },
    {"method": "resources/read", "params": {"uri": "demo://nope"}},
    {"method": "prompts/get", "params": {"name": "simple-prompt"}},
    {"method": "prompts/get", "params": {"name": "args-prompt"}},
]


@pytest.mark.real_target("everything")
def test_a_proxy_recorded_everything_baseline_verifies_clean_over_http(tmp_path: Path) -> None:
    from tests.targets import everything_http_command, run_in_netns

    calls = tmp_path / "calls.json"
    calls.write_text(json.dumps(EVERYTHING_CALLS), encoding="utf-8")
    folder = shlex.quote(str(tmp_path))
    script = f"""
cd {folder}
{everything_http_command(3120)} > server.log 2>&1 &
wait_port 3120 30
cd {shlex.quote(str(REPO))}
"$MCPVCR_PYTHON" -m mcpvcr replay {folder}/c.mcpvcr --http 127.0.0.1:3121 --mode all \\
  --no-token --no-latency --target http://127.0.0.1:3120/mcp 2> {folder}/proxy.err &
P=$!
wait_port 3121
"$MCPVCR_PYTHON" -m tests.replay.http_client http://127.0.0.1:3121/mcp {folder}/calls.json \\
  --roots > {folder}/proxied.json
kill -INT $P; wait $P || true
"$MCPVCR_PYTHON" -m mcpvcr verify {folder}/c.mcpvcr http://127.0.0.1:3120/mcp \\
  > {folder}/verify.out 2> {folder}/verify.err || echo "exit $?" >> {folder}/verify.err
"""
    result = run_in_netns(script, timeout=240)
    assert result.returncode == 0 and not result.timed_out, result.stderr[-3000:]
    answers = json.loads((tmp_path / "proxied.json").read_text())["answers"]
    assert answers[1]["result"]["content"][0]["text"] == "Echo: hi"
    out = (tmp_path / "verify.out").read_text() + (tmp_path / "verify.err").read_text()
    assert "No contract changes" in out and "exit" not in out, out


SAMPLED = {"role": "assistant", "content": {"type": "text", "text": "4"}, "model": "stub"}


def _client_session(file: Path, target: str) -> list[dict[str, Any]]:
    """A client with roots and sampling calls `ask` then `next` through the proxy, one at a
    time, answering the server's requests; the replay's messages, in order."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", "replay", str(file), "--mode", "all", "--target", target],
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

    def until(ident: int) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            message = json.loads(line)
            seen.append(message)
            if message.get("method") == "roots/list":
                roots = [{"uri": "file:///work/project", "name": "project"}]
                send({"jsonrpc": "2.0", "id": message["id"], "result": {"roots": roots}})
            elif message.get("method") == "sampling/createMessage":
                send({"jsonrpc": "2.0", "id": message["id"], "result": SAMPLED})
            elif message.get("id") == ident and "method" not in message:
                return

    capabilities = {"roots": {"listChanged": False}, "sampling": {}}
    params = {
        "protocolVersion": "2025-06-18",
        "capabilities": capabilities,
        "clientInfo": {"name": "sampling-client", "version": "2"},
    }
    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params})
        until(1)
        send(INITIALIZED)
        for ident, name in ((2, "ask"), (3, "next")):
            send(call(ident, name, {}))
            until(ident)
    finally:
        proc.stdin.close()
        proc.wait(timeout=30)
    return seen


def test_verify_answers_the_servers_requests_as_the_baseline_client_did(tmp_path: Path) -> None:
    target = f"{sys.executable} -m tests.servers counter --ask-roots"
    file = tmp_path / "c.mcpvcr"
    seen = _client_session(file, target)
    texts = [m["result"]["content"][0]["text"] for m in seen if m.get("id") in (2, 3)]
    assert texts == ["sampled: 4", "1"]
    done = verify(file, "--stdio", target)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "No contract changes" in done.stdout, done.stdout
