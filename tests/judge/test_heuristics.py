"""The heuristic registry: every verdict names an entry; entries are documented and switchable."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.cassette import Cassette
from mcpvcr.cli import run
from mcpvcr.config import LintConfig, parse_config
from mcpvcr.errors import UsageError
from mcpvcr.judge import judged, switched_off
from mcpvcr.judge.heuristics import HEURISTICS
from mcpvcr.score import score
from tests.judge.test_oracles import ID, _call, _cassette, _text, _tool

ROOT = Path(__file__).resolve().parents[2]
V01 = Path(__file__).parent / "v01_demo.mcpvcr"


def _not_found() -> Cassette:
    calls = [_call("get", "valid", {"item_id": "example"}, _text("Item not found", error=True))]
    return _cassette([_tool("get", ID)], calls)


def test_every_verdict_names_a_registry_entry() -> None:
    for item in judged(store.load(V01)).interactions:
        assert item["by"] in HEURISTICS, item
    item = judged(_not_found()).interactions[0]
    assert item["by"] == "text.guess"


def test_the_docs_list_every_entry() -> None:
    text = (ROOT / "docs" / "verdicts.md").read_text(encoding="utf-8")
    for entry in HEURISTICS.values():
        row = f"| `{entry.id}` | {'yes' if entry.switchable else 'no'} | {entry.why} |"
        assert row in text, entry.id


def test_a_switched_off_heuristic_never_decides() -> None:
    off = parse_config({"heuristics": {"text.guess": False}}, "mcpvcr.toml")
    item = judged(_not_found(), switched_off(off)).interactions[0]
    assert (item["outcome"], item["by"]) == ("toolError", "protocol.is_error")
    on = parse_config({"heuristics": {"text.guess": True}}, "mcpvcr.toml")
    assert judged(_not_found(), switched_off(on)).interactions[0]["outcome"] == "inconclusive"


@pytest.mark.parametrize("name", ["protocol.is_error", "text.nonsense"])
def test_only_registered_switchable_entries_can_be_switched_off(name: str) -> None:
    config = LintConfig(heuristics_off=frozenset({name}), source="mcpvcr.toml")
    with pytest.raises(UsageError, match=name):
        score(store.load(V01), config)


def test_a_switch_must_be_a_boolean() -> None:
    with pytest.raises(UsageError, match="true or false"):
        parse_config({"heuristics": {"text.guess": "off"}}, "mcpvcr.toml")


def test_score_explain_shows_what_decided_each_verdict(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert run(["score", str(V01), "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Verdicts by mcpvcr-judge/1" in out
    assert "divide (valid): ok [garbageAnswer] <- shape.junk" in out
    assert "protocol.is_error x5:" in out
    assert run(["score", str(V01), "--explain", "--format", "json"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("{") and "Verdicts by" in captured.err
