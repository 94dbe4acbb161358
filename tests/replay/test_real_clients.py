"""Replays driven by clients nobody here wrote: the official Python SDK and the MCP Inspector.

One recording per module: the fixture server behind `mcpvcr replay --mode new_episodes`
(record-through), driven by the SDK client. Then the cassette alone must look the same to the
same client, and to the Inspector's CLI; a client that answers differently from the recording,
or never declared what the recorded server asked of its client, gets a replay-miss error.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests import targets
from tests.replay.conformance import LIVE_PORT, PROXY_PORT, REPLAY_PORT, fixture_command

pytestmark = pytest.mark.real_target("conformance")
PY = shlex.quote(sys.executable)
SDK_CLIENT = f"{PY} -m tests.replay.sdk_client"


@dataclass(frozen=True)
class Recorded:
    cassette: Path
    live: dict[str, Any]
    proxied: dict[str, Any]


def _url(port: int) -> str:
    return f"http://127.0.0.1:{port}/mcp"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Recorded:
    tmp = tmp_path_factory.mktemp("sdk")
    script = f"""
cd {shlex.quote(str(tmp))}
{fixture_command()} > server.log 2>&1 &
wait_port {LIVE_PORT}
{SDK_CLIENT} {_url(LIVE_PORT)} > live.json
{PY} -m mcpvcr replay c.mcpvcr --http 127.0.0.1:{PROXY_PORT} --mode new_episodes --no-token \\
  --no-latency --target {_url(LIVE_PORT)} 2> proxy.err &
P=$!
wait_port {PROXY_PORT}
{SDK_CLIENT} {_url(PROXY_PORT)} > proxied.json
kill -INT $P; wait $P
"""
    result = targets.run_in_netns(script, timeout=180)
    assert result.returncode == 0, result.stderr[-3000:]
    return Recorded(
        cassette=tmp / "c.mcpvcr",
        live=json.loads((tmp / "live.json").read_text()),
        proxied=json.loads((tmp / "proxied.json").read_text()),
    )


def _sdk_over_stdio(cassette: Path, *extra: str) -> dict[str, Any]:
    replay = [sys.executable, "-m", "mcpvcr", "replay", str(cassette), "--no-latency"]
    done = subprocess.run(
        [sys.executable, "-m", "tests.replay.sdk_client", *extra, "--stdio", *replay],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr[-3000:]
    summary: dict[str, Any] = json.loads(done.stdout)
    return summary


def test_the_proxy_is_invisible_to_the_python_sdk_client(recorded: Recorded) -> None:
    assert recorded.proxied == recorded.live
    # what the SDK client saw: log lines, progress, sampling, roots, list_changed, order
    assert recorded.live["logs"] == [
        "Tool execution started",
        "Tool processing data",
        "Tool execution completed",
    ]
    assert recorded.live["progress"] == [0.0, 50.0, 100.0]
    assert recorded.live["calls"]["test_sampling"] == ["LLM response: 4"]
    assert recorded.live["calls"]["test_roots"] == ["Roots: file:///work/project"]
    assert recorded.live["listChanged"] == ["notifications/tools/list_changed"]
    assert recorded.live["tools"][:2] == ["test_simple_text", "test_image_content"]


def test_a_replay_looks_the_same_to_the_python_sdk_client(recorded: Recorded) -> None:
    assert _sdk_over_stdio(recorded.cassette) == recorded.live


def test_a_client_answering_otherwise_gets_a_replay_miss(recorded: Recorded) -> None:
    seen = _sdk_over_stdio(recorded.cassette, "--sampling-answer", "5")
    error = seen["calls"]["test_sampling"]["error"]
    assert "replay miss" in error and "answered sampling/createMessage differently" in error
    # everything that did not depend on that answer still replays
    assert seen["calls"]["test_simple_text"] == recorded.live["calls"]["test_simple_text"]


@pytest.mark.real_target("conformance", "inspector")
def test_the_inspector_cli_lists_and_calls_through_a_replay(recorded: Recorded) -> None:
    def inspector(port: int, *args: str) -> str:
        return targets.inspector_cli_command(_url(port), *args)

    call = ("--method", "tools/call", "--tool-name")
    script = f"""
cd {shlex.quote(str(recorded.cassette.parent))}
{fixture_command()} > server.log 2>&1 &
wait_port {LIVE_PORT}
{PY} -m mcpvcr replay c.mcpvcr --http 127.0.0.1:{REPLAY_PORT} --no-latency 2> replay.err &
wait_port {REPLAY_PORT}
{inspector(LIVE_PORT, "--method", "tools/list")} > live-tools.json
{inspector(REPLAY_PORT, "--method", "tools/list")} > replay-tools.json
{inspector(REPLAY_PORT, *call, "test_simple_text")} > replay-call.json
{inspector(REPLAY_PORT, *call, "test_sampling", "--tool-arg", "prompt=What is 2+2?")} \\
  > sampling.out 2>&1 || true
"""
    result = targets.run_in_netns(script, timeout=180)
    assert result.returncode == 0, result.stderr[-3000:]
    folder = recorded.cassette.parent
    live_tools = json.loads((folder / "live-tools.json").read_text())
    assert json.loads((folder / "replay-tools.json").read_text()) == live_tools
    answer = json.loads((folder / "replay-call.json").read_text())
    assert answer["content"][0]["text"] == "This is a simple text response for testing."
    # The Inspector declares no sampling: the recorded answer depended on one, so it is refused.
    refused = (folder / "sampling.out").read_text()
    assert "'sampling' capability this client did not declare" in refused
