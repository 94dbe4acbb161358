"""Replay fidelity measured by the official MCP conformance suite (its 30 server scenarios).

A record-through proxy and a pure replay of what it recorded must pass exactly the checks the
live server passes, and fail exactly those it fails, with the same messages. One documented
difference: the replay refuses a foreign Host/Origin even where its server did not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr import store
from tests import targets
from tests.replay.conformance import Runs, fixture_command, three_ways

pytestmark = pytest.mark.real_target("conformance")
REBINDING = "dns-rebinding-protection"


def _assert_clean_exits(runs: Runs) -> None:
    """Ctrl-C ended both replays with exit 0 and no traceback."""
    assert runs.proxy_exit == "0", runs.proxy_stderr
    assert runs.replay_exit == "0", runs.replay_stderr
    assert "Traceback" not in runs.proxy_stderr + runs.replay_stderr


def test_fixture_passes_all_scenarios_live_through_the_proxy_and_replayed(
    tmp_path: Path,
) -> None:
    runs = three_ways(fixture_command(), tmp_path)
    assert len(runs.live) == 30  # every active server scenario of 0.1.16 ran
    failed = {s: c for s, c in runs.live.items() if any(status != "SUCCESS" for _, status, _ in c)}
    assert failed == {}
    assert runs.proxy == runs.live
    assert runs.replay == runs.live
    _assert_clean_exits(runs)
    cassette = store.load(runs.cassette)
    # what made the difference: relayed messages and requests, kept in their place
    exchanged = {
        i["target"]: [
            "request" if "request" in e else "notification" for e in i.get("exchange", [])
        ]
        for i in cassette.interactions
        if i["method"] == "tools/call"
    }
    assert exchanged["test_tool_with_progress"] == ["notification"] * 3
    assert exchanged["test_sampling"] == ["request"]
    assert exchanged["test_simple_text"] == []
    assert {i["method"] for i in cassette.interactions} >= {
        "completion/complete",
        "resources/subscribe",
        "resources/unsubscribe",
        "logging/setLevel",
    }
    assert cassette.body["diagnostics"]["httpAnswers"] == ["sse"]


@pytest.mark.real_target("everything", "conformance")
def test_server_everything_fails_and_passes_the_same_checks_replayed(tmp_path: Path) -> None:
    runs = three_ways(targets.everything_http_command(3001), tmp_path)
    assert len(runs.live) == 30
    for scenario, live in runs.live.items():
        if scenario == REBINDING:
            continue
        assert runs.proxy[scenario] == live, scenario
        assert runs.replay[scenario] == live, scenario
    # server-everything does not check Host; a replay on loopback always does.
    assert runs.live[REBINDING][0][:2] == ("localhost-host-rebinding-rejected", "FAILURE")
    for run in (runs.proxy, runs.replay):
        assert [c[:2] for c in run[REBINDING]] == [
            ("localhost-host-rebinding-rejected", "SUCCESS"),
            ("localhost-host-valid-accepted", "SUCCESS"),
        ]
    assert runs.live["resources-subscribe"][0][1] == "SUCCESS"
    _assert_clean_exits(runs)
