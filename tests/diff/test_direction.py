"""Direction: accepting less is breaking on input, promising more is breaking on output.

Also nested properties, array items, `$ref`/`$defs`, recursion and the three
spellings of nullable are followed, not just top-level properties.
"""

from __future__ import annotations

from typing import Any

import pytest

from mcpvcr.diff import diff
from tests.diff.helpers import cassette, rules_of, tool, tools_diff, with_input, with_output

BOOL = {"type": "boolean"}
BOOL_OR_STRING = {"type": ["boolean", "string"]}


def classes(changes: Any) -> dict[str, str]:
    return {change.rule: change.cls for change in changes.changes}


def test_widening_boolean_is_additive_on_input_and_breaking_on_output() -> None:
    on_input = tools_diff([with_input(BOOL)], [with_input(BOOL_OR_STRING)])
    on_output = tools_diff([with_output(BOOL)], [with_output(BOOL_OR_STRING)])
    assert classes(on_input) == {"input.type.widened": "additive"}
    assert classes(on_output) == {"output.type.widened": "breaking"}


def test_integer_is_a_subset_of_number() -> None:
    assert classes(
        tools_diff([with_input({"type": "integer"})], [with_input({"type": "number"})])
    ) == {"input.type.widened": "additive"}
    assert classes(
        tools_diff([with_input({"type": "number"})], [with_input({"type": "integer"})])
    ) == {"input.type.narrowed": "breaking"}


def _nested(leaf: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {
            "filter": {
                "type": "object",
                "properties": {"tags": {"type": "array", "items": leaf}},
            }
        },
    }


def test_nested_properties_and_array_items_are_followed() -> None:
    old = _nested({"type": "string", "enum": ["a", "b"]})
    new = _nested({"type": "string", "enum": ["a"]})
    changes = diff(cassette(tools=[tool(inputSchema=old)]), cassette(tools=[tool(inputSchema=new)]))
    [change] = changes.changes
    assert change.rule == "input.enum.values_removed"
    assert change.cls == "breaking"
    assert change.location == "/tools/t/inputSchema/properties/filter/properties/tags/items/enum"
    assert "filter.tags" in change.message


def _with_defs(leaf: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "object",
        "$defs": {"Query": {"type": "object", "properties": {"q": leaf}, "required": ["q"]}},
        "properties": {"query": {"$ref": "#/$defs/Query"}},
    }


def test_refs_into_defs_are_followed() -> None:
    old = _with_defs({"type": "string"})
    new = _with_defs({"type": "string", "maxLength": 5})
    changes = diff(cassette(tools=[tool(inputSchema=old)]), cassette(tools=[tool(inputSchema=new)]))
    assert [(c.rule, c.location) for c in changes.changes] == [
        (
            "input.max_length.tightened",
            "/tools/t/inputSchema/properties/query/properties/q/maxLength",
        )
    ]


def test_draft07_definitions_refs_are_followed() -> None:
    def schema(kind: str) -> dict[str, Any]:
        return {
            "type": "object",
            "definitions": {"Mode": {"type": kind}},
            "properties": {"mode": {"$ref": "#/definitions/Mode"}},
        }

    changes = diff(
        cassette(tools=[tool(inputSchema=schema("string"))]),
        cassette(tools=[tool(inputSchema=schema("integer"))]),
    )
    assert rules_of(changes) == {"input.type.changed"}


def test_recursive_schemas_terminate_and_still_find_changes() -> None:
    def tree(leaf: str) -> dict[str, Any]:
        return {
            "type": "object",
            "$defs": {
                "Node": {
                    "type": "object",
                    "properties": {
                        "value": {"type": leaf},
                        "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                    },
                }
            },
            "properties": {"root": {"$ref": "#/$defs/Node"}},
        }

    changes = diff(
        cassette(tools=[tool(inputSchema=tree("integer"))]),
        cassette(tools=[tool(inputSchema=tree("number"))]),
    )
    assert rules_of(changes) == {"input.type.widened"}


@pytest.mark.parametrize(
    "nullable",
    [
        {"type": ["string", "null"]},
        {"type": "string", "nullable": True},
        {"anyOf": [{"type": "string"}, {"type": "null"}]},
        {"oneOf": [{"type": "null"}, {"type": "string"}]},
    ],
    ids=["type-list", "nullable-keyword", "anyOf-null", "oneOf-null"],
)
def test_three_spellings_of_nullable(nullable: dict[str, Any]) -> None:
    plain = {"type": "string"}
    assert classes(tools_diff([with_input(plain)], [with_input(nullable)])) == {
        "input.nullable.added": "additive"
    }
    assert classes(tools_diff([with_input(nullable)], [with_input(plain)])) == {
        "input.nullable.removed": "breaking"
    }
    assert classes(tools_diff([with_output(plain)], [with_output(nullable)])) == {
        "output.nullable.added": "breaking"
    }


def test_respelling_nullable_is_no_change() -> None:
    a = {"type": ["string", "null"]}
    b = {"anyOf": [{"type": "string"}, {"type": "null"}]}
    assert tools_diff([with_input(a)], [with_input(b)]).identical


def test_accepting_less_is_breaking_more_is_additive_for_required() -> None:
    optional = tool(inputSchema={"type": "object", "properties": {"q": {"type": "string"}}})
    required = tool(
        inputSchema={"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"]}
    )
    assert classes(tools_diff([optional], [required])) == {
        "input.property.became_required": "breaking"
    }
    assert classes(tools_diff([required], [optional])) == {
        "input.property.became_optional": "additive"
    }


def test_removed_property_is_definite_only_when_the_object_is_closed() -> None:
    def schema(props: dict[str, Any], closed: bool) -> dict[str, Any]:
        return tool(
            inputSchema={"type": "object", "properties": props, "additionalProperties": not closed}
        )

    both = {"a": {"type": "string"}, "b": {"type": "string"}}
    [closed] = tools_diff([schema(both, True)], [schema({"a": both["a"]}, True)]).changes
    [open_] = tools_diff([schema(both, False)], [schema({"a": both["a"]}, False)]).changes
    assert (closed.rule, closed.certainty) == ("input.property.removed", "definite")
    assert (open_.rule, open_.certainty) == ("input.property.removed", "potential")


def test_spelling_out_the_root_object_type_is_no_change() -> None:
    typeless = tool(inputSchema={"properties": {"q": {"type": "string"}}})
    typed = tool(inputSchema={"type": "object", "properties": {"q": {"type": "string"}}})
    assert tools_diff([typeless], [typed]).identical
    assert tools_diff([typed], [typeless]).identical


def test_exclusive_bounds_compare_as_intervals() -> None:
    inclusive = with_input({"type": "number", "minimum": 0})
    exclusive = with_input({"type": "number", "exclusiveMinimum": 0})
    assert rules_of(tools_diff([inclusive], [exclusive])) == {"input.minimum.tightened"}
    assert rules_of(tools_diff([exclusive], [inclusive])) == {"input.minimum.relaxed"}
