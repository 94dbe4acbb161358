"""The judge: verdicts at read time from observations; old cassettes re-judged; diff on answers."""

from __future__ import annotations

import copy
import json
from pathlib import Path

from mcpvcr import store
from mcpvcr._version import JUDGE_NAME
from mcpvcr.cassette import Cassette
from mcpvcr.diff import diff
from mcpvcr.judge import judged, verdict
from mcpvcr.lint import lint
from mcpvcr.report import render
from mcpvcr.score import score

V01 = Path(__file__).parent / "v01_demo.mcpvcr"
"""A cassette in mcpvcr 0.1's format: every interaction stores `outcome` and `flags`."""


def _v01() -> Cassette:
    return store.load(V01)


def test_an_old_cassette_is_rejudged_from_its_raw_answers() -> None:
    old = _v01()
    stored = {(i["target"], i["case"]): (i["outcome"], i["flags"]) for i in old.interactions}
    # 0.1 stored the open schemas' extra keys as silently accepted ...
    assert stored[("greet", "extra_garbage")] == ("ok", ["silentlyAccepted"])
    # ... and divide's '{"result": null}' as a real result.
    assert stored[("divide", "valid")] == ("ok", [])
    now = {(i["target"], i["case"]): (i["outcome"], i["flags"]) for i in judged(old).interactions}
    assert now[("greet", "extra_garbage")] == ("ok", ["lenient"])
    assert now[("divide", "valid")] == ("ok", ["garbageAnswer"])
    report = score(old)
    assert report.critical.silent_tools == () and report.critical.empty_tools == ("divide",)
    assert not any(f.code == "behavior.silent_accept" for f in lint(old))
    # The file itself is untouched: judging is a view.
    assert old.interactions[0].get("outcome") == "ok" and "facts" not in old.interactions[0]


def test_stored_verdicts_are_never_read() -> None:
    honest, lying = _v01(), _v01()
    for item in lying.interactions:
        item["outcome"], item["flags"] = "protocolCrash", ["silentlyAccepted", "emptySuccess"]
    assert score(honest).overall == score(lying).overall
    assert [f.code for f in lint(honest)] == [f.code for f in lint(lying)]


def test_same_observations_with_other_verdicts_is_no_behaviour_change() -> None:
    # An mcpvcr upgrade changes verdicts, never answers: diff and verify must see nothing.
    old, new = _v01(), _v01()
    for item in new.interactions:
        item.pop("outcome")
        item.pop("flags")
        item["facts"] = ["guessed", "malformed"] if item["case"] != "valid" else ["guessed"]
        item["latencyMs"] = 300
    assert [c.rule for c in diff(old, new).changes if c.rule.startswith("behaviour.")] == []


def test_a_changed_answer_is_still_a_behaviour_change() -> None:
    old, new = _v01(), _v01()
    for item in new.interactions:
        if (item["target"], item["case"]) == ("set_mode", "valid"):
            item["response"] = {
                "result": {"content": [{"type": "text", "text": "boom"}], "isError": True}
            }
    rules = [c.rule for c in diff(old, new).changes if c.rule.startswith("behaviour.")]
    assert rules == ["behaviour.valid_call.now_fails"]


def test_facts_decide_what_a_verdict_weighs() -> None:
    answer = {"result": {"content": [{"type": "text", "text": "done"}]}}
    item = {"method": "tools/call", "target": "t", "case": "extra_garbage", "response": answer}
    assert verdict(item, frozenset({"malformed"})) == ("ok", ["silentlyAccepted"])
    assert verdict(item, frozenset({"malformed", "allowed"})) == ("ok", ["lenient"])
    item = {**item, "case": "valid"}
    assert verdict(item, frozenset({"task", "truncated"})) == ("ok", ["task", "truncated"])


def test_judging_is_idempotent_and_leaves_the_argument_alone() -> None:
    old = _v01()
    before = copy.deepcopy(old.body)
    once = judged(old)
    assert judged(once) is once
    assert old.body == before


def test_every_report_names_the_judge() -> None:
    report = score(_v01())
    assert f"**Judge:** {JUDGE_NAME}" in render(report, "markdown")
    assert JUDGE_NAME in render(report, "html")
    assert json.loads(render(report, "json"))["tool"]["judge"] == JUDGE_NAME
    sarif = json.loads(render(report, "sarif"))
    assert sarif["runs"][0]["tool"]["driver"]["properties"]["judge"] == JUDGE_NAME
