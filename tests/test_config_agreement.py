"""`score` and `gate` give one cassette one score under one configuration.

A repository whose `[tool.mcpvcr]` ignores rules must see the same number from
`mcpvcr score`, `mcpvcr gate --min-score`, the Action script and the library:
they all call `mcpvcr.score.score(cassette, config)`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import api, gate, store
from mcpvcr.ci_action import main as action_main
from mcpvcr.cli import run
from mcpvcr.config import load_config
from tests.builders import cassette, schema, tool

CONFIG = '[tool.mcpvcr]\nignore = ["tool", "param", "schema"]\n'


def _weak_cassette() -> Any:
    sloppy = schema({"a": {}, "b": {"type": "string"}})
    return cassette(
        tools=[tool(name=f"t{i}", description="x", inputSchema=sloppy) for i in range(3)]
    )


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    store.save(_weak_cassette(), tmp_path / "old.mcpvcr")
    store.save(_weak_cassette(), tmp_path / "new.mcpvcr")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _score_cli(capsys: pytest.CaptureFixture[str]) -> int:
    assert run(["score", "new.mcpvcr", "--format", "json"]) == 0
    return int(json.loads(capsys.readouterr().out)["overall"])


def _gate_cli_score(capsys: pytest.CaptureFixture[str], min_score: int) -> tuple[int, int]:
    code = run(
        ["gate", "old.mcpvcr", "new.mcpvcr", "--format", "json", "--min-score", str(min_score)]
    )
    return code, int(json.loads(capsys.readouterr().out)["gate"]["score"])


def test_score_and_gate_agree_without_a_config(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scored = _score_cli(capsys)
    code, gated = _gate_cli_score(capsys, 80)
    assert scored == gated < 80
    assert code == 1


def test_score_and_gate_agree_when_the_repo_config_ignores_rules(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    unconfigured = _score_cli(capsys)
    (repo / "pyproject.toml").write_text(CONFIG)
    scored = _score_cli(capsys)
    assert scored > unconfigured  # the config really changes the score
    code, gated = _gate_cli_score(capsys, 80)
    assert gated == scored >= 80
    assert code == 0

    config = load_config()
    old, new = store.load("old.mcpvcr"), store.load("new.mcpvcr")
    assert api.score(new, config).overall == scored
    result = api.gate(old, new, gate.Policy(min_score=80), config)
    assert result.scores is not None and result.scores.new == scored
    assert not result.failed


def test_action_script_scores_under_the_repo_config(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (repo / "pyproject.toml").write_text(CONFIG)
    scored = _score_cli(capsys)
    outputs = repo / "outputs.txt"
    env = {
        "MCPVCR_BASELINE": "old.mcpvcr",
        "MCPVCR_NEW": "new.mcpvcr",
        "MCPVCR_MIN_SCORE": "80",
        "GITHUB_OUTPUT": str(outputs),
    }
    assert action_main(env) == 0
    values = dict(line.split("=", 1) for line in outputs.read_text().splitlines())
    assert values["score"] == str(scored)
