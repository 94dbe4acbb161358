"""Scenarios: named calls recorded with `record --scenarios`, replayed by `verify` and `replay`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.errors import UsageError
from mcpvcr.judge import judged
from mcpvcr.verify.scenarios import load_scenarios
from tests.live.helpers import run_mcpvcr

SCENARIOS = """
[add-small]
tool = "add"
arguments = { a = 1, b = 2 }

[strict-wrong-type]
tool = "strict"
arguments = { n = "seven" }
expect = "error"

[readme]
resource = "test://readme"

[greet]
prompt = "greet"
"""


def versioned(release: int) -> str:
    return f"{sys.executable} -m tests.servers versioned --release {release}"


def test_scenarios_file_becomes_calls_in_file_order(tmp_path: Path) -> None:
    path = tmp_path / "mcpvcr-scenarios.toml"
    path.write_text(SCENARIOS)
    calls = load_scenarios(str(path))
    assert [(c["method"], c["case"]) for c in calls] == [
        ("tools/call", "scenario:add-small"),
        ("tools/call", "scenario-error:strict-wrong-type"),
        ("resources/read", "scenario:readme"),
        ("prompts/get", "scenario:greet"),
    ]
    assert calls[0]["params"] == {"name": "add", "arguments": {"a": 1, "b": 2}}


def test_scenarios_may_live_in_pyproject(tmp_path: Path) -> None:
    path = tmp_path / "pyproject.toml"
    path.write_text('[tool.mcpvcr.scenarios.one]\ntool = "add"\narguments = { a = 1, b = 1 }\n')
    [call] = load_scenarios(str(path))
    assert call["case"] == "scenario:one"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[x]\ntool = 1\n", "needs exactly one of tool, resource or prompt"),
        ('[x]\ntool = "a"\nresource = "b"\n', "needs exactly one"),
        ('[x]\ntool = "a"\nexpect = "maybe"\n', "expect must be"),
        ('[x]\ntool = "a"\ncolour = "red"\n', "unknown key 'colour'"),
        ('[x]\nresource = "r"\narguments = { a = 1 }\n', "takes no arguments"),
        ("", "holds no scenarios"),
        ("not toml [", "not valid TOML"),
    ],
)
def test_bad_scenarios_are_one_clear_line(text: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(text)
    with pytest.raises(UsageError) as caught:
        load_scenarios(str(path))
    assert message in str(caught.value) and str(path) in str(caught.value)


def test_record_verify_and_replay_use_the_scenarios(tmp_path: Path) -> None:
    scenarios = tmp_path / "mcpvcr-scenarios.toml"
    scenarios.write_text(SCENARIOS)
    base = tmp_path / "base.mcpvcr.json"  # the reviewable form, chosen by the extension
    run = run_mcpvcr(
        "record", "--scenarios", str(scenarios), "--stdio", versioned(1), "-o", str(base)
    )
    assert run.returncode == 0, run.stderr
    assert base.read_text().startswith("{")
    cassette = judged(store.load(base))
    assert not cassette.fuzzed  # scenarios alone: no fuzz pass
    assert [i["case"] for i in cassette.interactions] == [
        "scenario:add-small",
        "scenario-error:strict-wrong-type",
        "scenario:readme",
        "scenario:greet",
    ]
    assert cassette.interactions[0]["response"]["result"]["content"][0]["text"] == "3"
    assert cassette.interactions[1]["outcome"] == "rejected"
    same = run_mcpvcr("verify", str(base), "--stdio", versioned(1), "--format", "json")
    assert same.returncode == 0, same.stderr
    assert json.loads(same.stdout)["changes"] == []
    nxt = run_mcpvcr("verify", str(base), "--stdio", versioned(2), "--format", "json")
    found = {(c["rule"], c["location"]) for c in json.loads(nxt.stdout)["changes"]}
    assert found == {
        ("behaviour.valid_call.now_fails", "/behaviour/add/scenario:add-small"),
        ("behaviour.malformed.now_accepted", "/behaviour/strict/scenario-error:strict-wrong-type"),
    }
    assert nxt.returncode == 1


def test_replay_answers_a_recorded_scenario(tmp_path: Path) -> None:
    import asyncio

    from mcpvcr.replay.responder import Responder, Send

    scenarios = tmp_path / "mcpvcr-scenarios.toml"
    scenarios.write_text(SCENARIOS)
    base = tmp_path / "base.mcpvcr"
    run = run_mcpvcr(
        "record", "--scenarios", str(scenarios), "--stdio", versioned(1), "-o", str(base)
    )
    assert run.returncode == 0, run.stderr
    responder = Responder(store.load(base), replay_latency=False)
    call = {"name": "add", "arguments": {"b": 2, "a": 1}}
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}
    answer = asyncio.run(responder.answer(message))
    assert isinstance(answer, Send)
    assert answer.message["result"]["content"][0]["text"] == "3"
    read = {
        "jsonrpc": "2.0",
        "id": 2,
        "method": "resources/read",
        "params": {"uri": "test://readme"},
    }
    answer = asyncio.run(responder.answer(read))
    assert isinstance(answer, Send)
    assert answer.message["result"]["contents"][0]["text"] == "Read me."
