"""oracle.refusal_shape: refusals without isError, found by shape in any language; and its
mirrors (a server that really takes bad input keeps `silentlyAccepted`)."""

from __future__ import annotations

from typing import Any

import pytest

from mcpvcr.fuzz.control import names_a_thing
from mcpvcr.judge import judged
from tests.judge.test_oracles import _call, _cassette, _text, _tool

SCHEMA = {
    "type": "object",
    "properties": {"count": {"type": "integer"}, "label": {"type": "string"}},
    "required": ["count", "label"],
    "additionalProperties": False,
}
TOOLS = ("add_item", "remove_item", "rename_item")

REFUSALS = {
    "english": "Error occurred: invalid arguments for tool {tool}: '{param}' is wrong",
    "german": "Fehler bei {tool}: ungültiges Argument „{param}“",
    "japanese": "{tool} の引数 {param} が不正です",
    "opaque": "E4021 {tool} [{param}]",
}


def _server(refusal: str, valid: str) -> list[dict[str, Any]]:
    calls = []
    for tool in TOOLS:
        args = {"count": 2, "label": "example"}
        calls.append(_call(tool, "valid", args, _text(valid.format(tool=tool))))
        for param in ("count", "label"):
            for case, value in (("wrong_type", [1]), ("null", None)):
                bad = {**args, param: value}
                answer = refusal.format(tool=tool, param=param)
                calls.append(_call(tool, f"{case}:{param}", bad, _text(answer), "malformed"))
        missing = {"label": "example"}
        answer = refusal.format(tool=tool, param="count")
        calls.append(_call(tool, "missing_required:count", missing, _text(answer), "malformed"))
    return calls


def _silent(calls: list[dict[str, Any]]) -> list[str]:
    c = _cassette([_tool(t, SCHEMA) for t in TOOLS], calls)
    return [i["case"] for i in judged(c).interactions if "silentlyAccepted" in i.get("flags", [])]


@pytest.mark.parametrize("language", sorted(REFUSALS))
def test_refusals_that_never_set_is_error_are_not_silent_acceptance(language: str) -> None:
    calls = _server(REFUSALS[language], "Done: {tool} stored 2 items")
    assert _silent(calls) == []
    c = _cassette([_tool(t, SCHEMA) for t in TOOLS], calls)
    refused = [i for i in judged(c).interactions if i["by"] == "oracle.refusal_shape"]
    assert len(refused) == 15 and all("garbageAnswer" in i["flags"] for i in refused)


def test_a_server_that_answers_bad_input_like_good_input_still_accepts_it_silently() -> None:
    # an echo of whatever it was given: the malformed answers lead like the valid ones
    calls = _server("", "")
    for call in calls:
        args = call["params"]["arguments"]
        echo = f"Stored {args.get('label')!s} x{args.get('count')!s} in {call['target']}"
        call["response"] = _text(echo)
    assert len(_silent(calls)) == 15
    # a computed result with a value literal where the number was
    calls = _server("Result of {tool}: NaN", "Result of {tool}: 4")
    assert len(_silent(calls)) == 15


def test_a_constant_answer_that_names_no_parameter_is_not_a_refusal() -> None:
    calls = _server("OK", "Created {tool} entry 7")
    assert len(_silent(calls)) == 15


def test_a_valid_call_answered_with_the_refusal_is_a_refusal_too() -> None:
    calls = _server(REFUSALS["german"], "Done: {tool} stored 2 items")
    first = next(i for i in calls if i["case"] == "valid")
    first["response"] = _text(REFUSALS["german"].format(tool=first["target"], param="label"))
    c = _cassette([_tool(t, SCHEMA) for t in TOOLS], calls)
    judged_first = next(
        i for i in judged(c).interactions if i["case"] == "valid" and i["target"] == TOOLS[0]
    )
    assert "garbageAnswer" in judged_first["flags"]
    assert _silent(calls) == []


def test_a_long_minimum_length_is_prose_not_a_name() -> None:
    assert not names_a_thing("initialConcept", {"type": "string", "minLength": 50})
    assert names_a_thing("initialConcept", {"type": "string"})
    uuid = {"type": "string", "minLength": 36, "maxLength": 36}
    assert names_a_thing("task", uuid)
    assert names_a_thing("task", {"type": "string", "minLength": 30, "pattern": "^[a-f0-9-]+$"})
