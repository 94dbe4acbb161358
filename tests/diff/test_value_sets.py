"""Schema changes judged by the set of values they accept, not by their keywords.

Each equivalence row rewrites a schema into another spelling of the same set of
values and must report no change in either direction; each firing row checks that
the rewritten reading still reports a real change, and its mirror.
"""

from __future__ import annotations

from typing import Any

import pytest

from mcpvcr.diff.catalogue import RULES
from tests.diff.helpers import rules_of, tool, tools_diff, with_input, with_output

I = {"type": "integer"}  # noqa: E741
N = {"type": "number"}
S = {"type": "string"}
SAFE = 9007199254740991
DRAFT7 = "http://json-schema.org/draft-07/schema#"

EQUIVALENT: list[tuple[str, Any, Any]] = [
    (
        "integer exclusiveMaximum N is maximum N-1",
        {**I, "exclusiveMaximum": 10},
        {**I, "maximum": 9},
    ),
    (
        "integer exclusiveMinimum N is minimum N+1",
        {**I, "exclusiveMinimum": 0},
        {**I, "minimum": 1},
    ),
    ("integer fractional bound", {**I, "maximum": 9.5}, {**I, "maximum": 9}),
    (
        "draft-4 boolean exclusiveMaximum",
        {**I, "maximum": 10, "exclusiveMaximum": True},
        {**I, "exclusiveMaximum": 10},
    ),
    (
        "draft-4 boolean exclusiveMinimum on numbers",
        {**N, "minimum": 0, "exclusiveMinimum": True},
        {**N, "exclusiveMinimum": 0},
    ),
    ("equal values in other spellings", {**N, "maximum": 5}, {**N, "maximum": 5.0}),
    ("multipleOf 1 on integers", I, {**I, "multipleOf": 1}),
    ("multipleOf 0.5 on integers", I, {**I, "multipleOf": 0.5}),
    ("integer is number + multipleOf 1", I, {**N, "multipleOf": 1}),
    ("const is a one-value enum", {**S, "const": "x"}, {**S, "enum": ["x"]}),
    (
        "anyOf branches reordered",
        {"anyOf": [S, I]},
        {"anyOf": [I, S]},
    ),
    (
        "oneOf branches reordered",
        {"oneOf": [{**S, "maxLength": 3}, I]},
        {"oneOf": [I, {**S, "maxLength": 3}]},
    ),
]


@pytest.mark.parametrize(("why", "old", "new"), EQUIVALENT, ids=[row[0] for row in EQUIVALENT])
def test_equivalent_spellings_are_no_change(why: str, old: Any, new: Any) -> None:
    for side in (with_input, with_output):
        assert tools_diff([side(old)], [side(new)]).changes == (), why
        assert tools_diff([side(new)], [side(old)]).changes == (), why


def test_ref_and_inlined_schema_are_no_change() -> None:
    inlined = tool(inputSchema={"type": "object", "properties": {"p": {**I, "minimum": 1}}})
    by_ref = tool(
        inputSchema={
            "type": "object",
            "properties": {"p": {"$ref": "#/$defs/Count"}},
            "$defs": {"Count": {**I, "minimum": 1}},
        }
    )
    assert tools_diff([inlined], [by_ref]).changes == ()
    assert tools_diff([by_ref], [inlined]).changes == ()


FIRING: list[tuple[str, Any, Any]] = [
    # Still a real change after the integer reading: 10 -> 9 admitted.
    ("input.maximum.tightened", {**I, "maximum": 10}, {**I, "exclusiveMaximum": 10}),
    ("input.minimum.tightened", {**I, "exclusiveMinimum": 0}, {**I, "minimum": 2}),
    (
        "input.maximum.tightened",
        {**N, "maximum": 10},
        {**N, "maximum": 10, "exclusiveMaximum": True},
    ),
    # A multipleOf that integers do not all meet is a constraint.
    ("input.multiple_of.tightened", I, {**I, "multipleOf": 2}),
    ("input.type.narrowed", N, {**N, "multipleOf": 1}),
    ("input.enum.values_added", {**S, "const": "x"}, {**S, "enum": ["x", "y"]}),
    ("input.enum.values_removed", {**S, "enum": ["x", "y"]}, {**S, "const": "x"}),
]


@pytest.mark.parametrize(("rule", "old", "new"), FIRING)
def test_real_changes_still_fire_and_mirror_does_not(rule: str, old: Any, new: Any) -> None:
    assert rule in rules_of(tools_diff([with_input(old)], [with_input(new)]))
    assert rule not in rules_of(tools_diff([with_input(new)], [with_input(old)]))


def test_safe_integer_bound_is_info_with_a_reason() -> None:
    old, new = {**I, "minimum": 1}, {**I, "minimum": 1, "maximum": SAFE}
    changes = tools_diff([with_input(old)], [with_input(new)])
    assert rules_of(changes) == {"schema.bound.safe_integer_limit"}
    assert RULES["schema.bound.safe_integer_limit"].severity == "info"
    assert "safe-integer" in changes.changes[0].message
    lower = tools_diff([with_input(I)], [with_input({**I, "minimum": -SAFE})])
    assert rules_of(lower) == {"schema.bound.safe_integer_limit"}
    # The mirror (the limit dropped) is the same non-event, on either side.
    assert rules_of(tools_diff([with_input(new)], [with_input(old)])) == {
        "schema.bound.safe_integer_limit"
    }
    assert rules_of(tools_diff([with_output(new)], [with_output(old)])) == {
        "schema.bound.safe_integer_limit"
    }


def test_bounds_below_the_safe_limit_still_break() -> None:
    for bound in (SAFE - 1, 2**31 - 1):
        changes = tools_diff([with_input(I)], [with_input({**I, "maximum": bound})])
        assert rules_of(changes) == {"input.maximum.tightened"}
    # On plain numbers the limit is no implementation limit: floats go far beyond it.
    changes = tools_diff([with_input(N)], [with_input({**N, "maximum": SAFE})])
    assert rules_of(changes) == {"input.maximum.tightened"}


def _draft7(t: dict[str, Any]) -> dict[str, Any]:
    for key in ("inputSchema", "outputSchema"):
        if key in t:
            t[key] = {"$schema": DRAFT7, **t[key]}
    return t


def test_format_is_an_annotation_under_2020_12() -> None:
    changes = tools_diff([with_input(S)], [with_input({**S, "format": "uri"})])
    assert rules_of(changes) == {"schema.format.annotation_changed"}
    assert RULES["schema.format.annotation_changed"].severity == "info"
    assert "may start enforcing" in changes.changes[0].message
    back = tools_diff([with_output({**S, "format": "uri"})], [with_output(S)])
    assert rules_of(back) == {"schema.format.annotation_changed"}


FORMAT_DRAFT7: list[tuple[str, Any, Any, bool]] = [
    ("input.format.added_or_changed", S, {**S, "format": "date"}, True),
    ("input.format.removed", {**S, "format": "date"}, S, True),
    ("output.format.removed_or_changed", {**S, "format": "uri"}, S, True),
]


@pytest.mark.parametrize(("rule", "old", "new", "mirror"), FORMAT_DRAFT7)
def test_format_asserts_under_draft_07(rule: str, old: Any, new: Any, mirror: bool) -> None:
    side = with_output if rule.startswith("output.") else with_input
    fired = rules_of(tools_diff([_draft7(side(old))], [_draft7(side(new))]))
    assert rule in fired
    assert "schema.format.annotation_changed" not in fired
    assert rule not in rules_of(tools_diff([_draft7(side(new))], [_draft7(side(old))]))
