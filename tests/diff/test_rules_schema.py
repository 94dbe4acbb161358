"""One row per input/output schema rule: it fires, and its mirror (or no-change) does not.

A row is (rule, old property schema, new property schema, mirror): the property
sits at `properties.p` of a tool's inputSchema (rules `input.*`) or
outputSchema (rules `output.*`). When `mirror` is True, swapping old and new
must NOT fire the rule (the opposite direction is a different rule); when
False the rule is symmetric, so the row checks that an unchanged schema does
not fire it instead.
"""

from __future__ import annotations

from typing import Any

import pytest

from mcpvcr.diff.catalogue import RULES
from tests.diff.helpers import rules_of, tools_diff, with_input, with_output

S = {"type": "string"}
I = {"type": "integer"}  # noqa: E741

INPUT_ROWS: list[tuple[str, Any, Any, bool]] = [
    ("input.type.narrowed", {"type": "number"}, I, True),
    ("input.type.widened", {"type": "boolean"}, {"type": ["boolean", "string"]}, True),
    ("input.type.changed", S, I, False),
    ("input.nullable.removed", {"type": ["string", "null"]}, S, True),
    ("input.nullable.added", S, {"type": "string", "nullable": True}, True),
    ("input.enum.values_removed", {"enum": ["a", "b"]}, {"enum": ["a"]}, True),
    ("input.enum.values_added", {"enum": ["a"]}, {"enum": ["a", "b"]}, True),
    ("input.enum.introduced", S, {**S, "enum": ["a"]}, True),
    ("input.enum.dropped", {**S, "enum": ["a"]}, S, True),
    ("input.const.added_or_changed", S, {**S, "const": "x"}, True),
    ("input.const.removed", {**S, "const": "x"}, S, True),
    ("input.default.changed", {**I, "default": 1}, {**I, "default": 2}, False),
    ("input.default.added_or_removed", I, {**I, "default": 1}, False),
    ("input.minimum.tightened", {**I, "minimum": 0}, {**I, "minimum": 1}, True),
    ("input.minimum.relaxed", {**I, "minimum": 1}, {**I, "minimum": 0}, True),
    ("input.maximum.tightened", {**I, "maximum": 10}, {**I, "exclusiveMaximum": 10}, True),
    ("input.maximum.relaxed", {**I, "maximum": 10}, I, True),
    ("input.multiple_of.tightened", {**I, "multipleOf": 2}, {**I, "multipleOf": 4}, True),
    ("input.multiple_of.relaxed", {**I, "multipleOf": 4}, {**I, "multipleOf": 2}, True),
    ("input.min_length.tightened", S, {**S, "minLength": 1}, True),
    ("input.min_length.relaxed", {**S, "minLength": 3}, {**S, "minLength": 1}, True),
    ("input.max_length.tightened", {**S, "maxLength": 10}, {**S, "maxLength": 5}, True),
    ("input.max_length.relaxed", {**S, "maxLength": 5}, S, True),
    ("input.pattern.added", S, {**S, "pattern": "^a"}, True),
    ("input.pattern.changed", {**S, "pattern": "^a"}, {**S, "pattern": "^b"}, False),
    ("input.pattern.removed", {**S, "pattern": "^a"}, S, True),
    ("input.min_items.tightened", {"type": "array"}, {"type": "array", "minItems": 1}, True),
    ("input.max_items.tightened", {"type": "array"}, {"type": "array", "maxItems": 3}, True),
    ("input.items_bounds.relaxed", {"type": "array", "maxItems": 3}, {"type": "array"}, True),
    ("input.unique_items.enabled", {"type": "array"}, {"type": "array", "uniqueItems": True}, True),
    (
        "input.unique_items.disabled",
        {"type": "array", "uniqueItems": True},
        {"type": "array"},
        True,
    ),
    (
        "input.prefix_items.changed",
        {"type": "array", "prefixItems": [S]},
        {"type": "array", "prefixItems": [S, I]},
        False,
    ),
    ("input.contains.tightened", {"type": "array"}, {"type": "array", "contains": S}, True),
    ("input.contains.relaxed", {"type": "array", "contains": S}, {"type": "array"}, True),
    (
        "input.additional_properties.closed",
        {"type": "object"},
        {"type": "object", "additionalProperties": False},
        True,
    ),
    (
        "input.additional_properties.opened",
        {"type": "object", "additionalProperties": False},
        {"type": "object"},
        True,
    ),
    (
        "input.properties_count.tightened",
        {"type": "object"},
        {"type": "object", "maxProperties": 2},
        True,
    ),
    (
        "input.property.added.in_open_object",
        {"type": "object", "additionalProperties": {"type": "string"}},
        {
            "type": "object",
            "additionalProperties": {"type": "string"},
            "properties": {"n": {"type": "integer"}},
        },
        True,
    ),
    (
        "input.pattern_properties.added",
        {"type": "object"},
        {"type": "object", "patternProperties": {"^x": S}},
        True,
    ),
    (
        "input.pattern_properties.removed",
        {"type": "object", "patternProperties": {"^x": S}},
        {"type": "object"},
        True,
    ),
    (
        "input.property_names.added",
        {"type": "object"},
        {"type": "object", "propertyNames": {"maxLength": 3}},
        True,
    ),
    (
        "input.dependent_required.added_or_changed",
        {"type": "object"},
        {"type": "object", "dependentRequired": {"a": ["b"]}},
        True,
    ),
    (
        "input.dependent_schemas.added",
        {"type": "object"},
        {"type": "object", "dependentSchemas": {"a": {"required": ["b"]}}},
        True,
    ),
    (
        "input.unevaluated.closed",
        {"type": "object"},
        {"type": "object", "unevaluatedProperties": False},
        True,
    ),
    (
        "input.conditional.added",
        {"type": "object"},
        {"type": "object", "if": {"required": ["a"]}, "then": {"required": ["b"]}},
        True,
    ),
    ("input.any_of.branch_removed", {"anyOf": [S, I]}, {"anyOf": [S]}, True),
    ("input.any_of.branch_added", {"anyOf": [S]}, {"anyOf": [S, I]}, True),
    ("input.one_of.branch_removed", {"oneOf": [S, I]}, {"oneOf": [S]}, True),
    ("input.one_of.branch_added", {"oneOf": [S]}, {"oneOf": [S, I]}, True),
    ("input.all_of.branch_added", {"allOf": [S]}, {"allOf": [S, {"minLength": 1}]}, True),
    ("input.all_of.branch_removed", {"allOf": [S, {"minLength": 1}]}, {"allOf": [S]}, True),
    ("input.not.added_or_changed", S, {**S, "not": {"const": "x"}}, True),
    ("input.wrapped_in_one_of", S, {**S, "oneOf": [{"minLength": 1}, {"const": ""}]}, True),
    ("input.schema.narrowed_unclassified", S, {**S, "contentEncoding": "base64"}, False),
    ("input.ref.unresolved", S, {"$ref": "#/$defs/Missing"}, False),
    ("input.property.description.changed", {**S, "description": "a"}, S, False),
    ("input.property.title_or_examples.changed", S, {**S, "title": "P"}, False),
    ("input.property.deprecated", S, {**S, "deprecated": True}, False),
    ("input.property.read_write_only.changed", S, {**S, "readOnly": True}, False),
    ("input.property.mcp_header.changed", S, {**S, "x-mcp-header": "X-Thing"}, False),
]

OUTPUT_ROWS: list[tuple[str, Any, Any, bool]] = [
    ("output.type.widened", I, {"type": "number"}, True),
    ("output.type.narrowed", {"type": "number"}, I, True),
    ("output.type.changed", S, I, False),
    ("output.nullable.added", S, {"type": ["string", "null"]}, True),
    ("output.nullable.removed", {"anyOf": [S, {"type": "null"}]}, S, True),
    ("output.enum.values_added", {"enum": ["a"]}, {"enum": ["a", "b"]}, True),
    ("output.enum.values_removed", {"enum": ["a", "b"]}, {"enum": ["a"]}, True),
    ("output.enum.dropped", {**S, "enum": ["a"]}, S, True),
    ("output.const.removed_or_changed", {**S, "const": "x"}, S, True),
    ("output.const.added", S, {**S, "const": "x"}, True),
    ("output.numeric_bounds.widened", {**I, "maximum": 10}, {**I, "maximum": 20}, True),
    ("output.bounds.tightened", {**I, "maximum": 20}, {**I, "maximum": 10}, True),
    ("output.length_bounds.widened", {**S, "maxLength": 5}, S, True),
    ("output.item_bounds.widened", {"type": "array", "minItems": 1}, {"type": "array"}, True),
    ("output.pattern.removed_or_changed", {**S, "pattern": "^a"}, S, True),
    (
        "output.multiple_of_or_unique.relaxed",
        {"type": "array", "uniqueItems": True},
        {"type": "array"},
        True,
    ),
    (
        "output.additional_properties.opened",
        {"type": "object", "additionalProperties": False},
        {"type": "object"},
        True,
    ),
    ("output.one_of_any_of.branch_added", {"anyOf": [S]}, {"anyOf": [S, I]}, True),
    ("output.one_of_any_of.branch_removed", {"oneOf": [S, I]}, {"oneOf": [S]}, True),
    ("output.all_of.branch_removed", {"allOf": [S, {"minLength": 1}]}, {"allOf": [S]}, True),
    (
        "output.structural.relaxed",
        {"type": "object", "propertyNames": {"maxLength": 3}},
        {"type": "object"},
        True,
    ),
    ("output.schema.widened_unclassified", S, {**S, "contentEncoding": "base64"}, False),
    ("output.property.description.changed", {**S, "description": "a"}, S, False),
    ("output.property.deprecated", S, {**S, "deprecated": True}, False),
]


def _fired(rule: str, old: Any, new: Any) -> bool:
    if rule.startswith("output."):
        changes = tools_diff([with_output(old)], [with_output(new)])
    else:
        changes = tools_diff([with_input(old)], [with_input(new)])
    return rule in rules_of(changes)


@pytest.mark.parametrize(("rule", "old", "new", "mirror"), INPUT_ROWS + OUTPUT_ROWS)
def test_rule_fires(rule: str, old: Any, new: Any, mirror: bool) -> None:
    assert rule in RULES
    assert _fired(rule, old, new), f"{rule} did not fire"


@pytest.mark.parametrize(("rule", "old", "new", "mirror"), INPUT_ROWS + OUTPUT_ROWS)
def test_rule_mirror_does_not_fire(rule: str, old: Any, new: Any, mirror: bool) -> None:
    if mirror:
        assert not _fired(rule, new, old), f"{rule} fired on the mirror change"
    assert not _fired(rule, new, new)
    assert not _fired(rule, old, old)


@pytest.mark.parametrize(
    ("rule", "cls"),
    [
        ("input.type.narrowed", "breaking"),
        ("input.type.widened", "additive"),
        ("output.type.widened", "breaking"),
        ("output.type.narrowed", "additive"),
        ("input.property.description.changed", "security"),
    ],
)
def test_rule_classes(rule: str, cls: str) -> None:
    assert RULES[rule].severity == cls
