"""Replay fidelity: recording a replayed cassette gives back the same bytes.

Each committed cassette was recorded from a real server (or the demo target).
Serving it with `mcpvcr replay` and recording that with the options the
cassette's header names must reproduce the file byte for byte: same handshake
exchange, same pages, same answers to the same fuzz cases, same coarse
latencies, same server-to-client requests.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import codec, store
from mcpvcr.pytest_plugin import ReplayServer
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
    if (header.get("environment") or {}).get("network") is False:
        replay = f"unshare -rn {replay}"  # the recorded fact: the server had no network
    again = tmp_path / "again.mcpvcr"
    done = run_mcpvcr("record", "--stdio", replay, *record_args(header), "-o", str(again))
    assert done.returncode == 0, done.stderr
    if again.read_bytes() != original.read_bytes():
        old = json.dumps(codec.to_json_value(store.load(original).body), sort_keys=True, indent=1)
        new = json.dumps(codec.to_json_value(store.load(again).body), sort_keys=True, indent=1)
        assert new.splitlines() == old.splitlines()
        raise AssertionError("bodies equal but the files differ (header)")


@pytest.mark.mcpvcr("cassettes/demo_target.mcpvcr")
def test_http_replay_serves_the_same_contract(
    tmp_path: Path, mcpvcr_http_server: ReplayServer
) -> None:
    original = mcpvcr_http_server.cassette
    again = tmp_path / "http.mcpvcr"
    header = store.load(original).header
    assert mcpvcr_http_server.url is not None
    done = run_mcpvcr("record", mcpvcr_http_server.url, *record_args(header), "-o", str(again))
    assert done.returncode == 0, done.stderr
    recorded, replayed = store.load(original), store.load(again)
    assert replayed.header["transport"] == "http"
    for key in ("server", "tools", "resources", "resourceTemplates", "prompts"):
        assert replayed.body[key] == recorded.body[key], key
    # The replay answers the SDK's GET stream with 405, as the spec allows: no HTTP error.
    assert "httpErrors" not in replayed.body.get("diagnostics", {})

    # A loaded machine (the suite runs Node servers in parallel) only ever makes a call slower:
    # everything but the coarse latency must be equal, and no latency may come out faster.
    def timeless(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in item.items() if k != "latencyMs"} for item in items]

    assert timeless(replayed.interactions) == timeless(recorded.interactions)
    for again_call, original_call in zip(replayed.interactions, recorded.interactions, strict=True):
        if original_call["latencyMs"] is None:  # a call whose time says nothing (task, shared)
            assert again_call["latencyMs"] is None
        else:
            assert again_call["latencyMs"] >= original_call["latencyMs"]


@pytest.mark.mcpvcr("cassettes/demo_target.mcpvcr")
def test_http_replay_refuses_a_foreign_origin(mcpvcr_http_server: ReplayServer) -> None:
    assert mcpvcr_http_server.url is not None
    url = mcpvcr_http_server.url
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping"}).encode()

    def post(origin: str) -> int:
        headers = {"content-type": "application/json", "origin": origin}
        request = urllib.request.Request(url, data=body, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as err:
            return int(err.code)

    assert post("http://evil.example") == 403
    assert post("http://localhost:3000") == 200
