"""Refusals compared on both sides: codes and messages shown `old -> new`, each in its class."""

from __future__ import annotations

from typing import Any

from mcpvcr.diff import Changes, diff
from mcpvcr.diff.render import render_text
from tests.diff.helpers import cassette, tool
from tests.verify.test_behaviour_rules import call, compare, recorded, text


def only(changes: Changes) -> tuple[str, str, str]:
    [change] = changes.changes
    return change.rule, change.cls, change.message


def refused(code: int, message: str, case: str = "null:a") -> dict[str, Any]:
    return call(case, "rejected", error={"code": code, "message": message})


def test_a_malformed_call_refused_with_another_code_shows_both_codes() -> None:
    rule, cls, message = only(compare([refused(-32602, "bad a")], [refused(-32603, "bad a")]))
    assert (rule, cls) == ("behaviour.error.code_changed", "behaviour")
    assert "-32602 -> -32603" in message


def test_a_reworded_validation_message_is_info() -> None:
    rule, cls, message = only(compare([refused(-32602, "bad a")], [refused(-32602, "a: bad")]))
    assert (rule, cls) == ("behaviour.error.message_changed", "info")
    assert "'bad a' -> 'a: bad'" in message


def test_the_same_refusal_is_no_change() -> None:
    """The mirror: the same code and message on both sides reports nothing."""
    assert not compare([refused(-32602, "bad a")], [refused(-32602, "bad a")]).changes


def test_a_valid_call_failing_with_another_code_shows_the_codes() -> None:
    old = call(outcome="rejected", error={"code": -32602, "message": "x"})
    new = call(outcome="rejected", error={"code": -32603, "message": "x"})
    rule, cls, message = only(compare([old], [new]))
    assert (rule, cls) == ("behaviour.error.code_changed", "behaviour")
    assert "-32602 -> -32603" in message


def test_an_outcome_change_shows_the_codes_too() -> None:
    old = call(outcome="rejected", error={"code": -32602, "message": "x"})
    new = call(outcome="protocolCrash", error={"code": -32603, "message": "y"})
    _, _, message = only(compare([old], [new]))
    assert "rejected -> protocolCrash: -32602 -> -32603" in message


def test_rpc_error_to_is_error_on_a_malformed_call_is_not_breaking() -> None:
    """Issue 25 item 7: how a malformed call is refused changed, not that it is refused."""
    as_result = call("null:a", "rejected", result=text("bad a", isError=True))
    for new in (as_result, {**as_result, "outcome": "toolError"}):
        changes = compare([refused(-32602, "bad a")], [new])
        [change] = changes.changes
        assert change.cls == "behaviour" and "-32602 -> isError" in change.message
    # and a real removal is listed ahead of it
    old = cassette(tools=[tool("t"), tool("gone")])
    old.body["interactions"] = [refused(-32602, "bad a")]
    old.header["options"] = {"fuzz": True}
    report = render_text(diff(old, recorded(as_result)))
    assert report.index("tool.removed") < report.index("-32602 -> isError")


def test_a_removed_tools_failing_call_is_not_additive() -> None:
    old = cassette(tools=[tool("t"), tool("gone")])
    old.body["interactions"] = [call("null:a", target="gone")]  # lenient: accepted before
    old.header["options"] = {"fuzz": True}
    new = cassette(tools=[tool("t")])
    unknown = {"code": -32602, "message": "Unknown tool: gone"}
    new.body["interactions"] = [call("null:a", "rejected", error=unknown, target="gone")]
    new.header["options"] = {"fuzz": True}
    changes = diff(old, new)
    behaviour = [c for c in changes.changes if c.rule.startswith("behaviour.")]
    assert [(c.rule, c.cls) for c in behaviour] == [("behaviour.outcome.changed", "behaviour")]
    assert "tool is gone" in behaviour[0].message
    assert "additive" not in {c.cls for c in behaviour}


def test_a_kept_tool_now_rejecting_a_malformed_call_is_still_additive() -> None:
    """The mirror: the tool is still there, so the new rejection is credited."""
    changes = compare([call("null:a")], [refused(-32602, "bad a")])
    assert [(c.rule, c.cls) for c in changes.changes] == [
        ("behaviour.malformed.now_rejected", "additive")
    ]
