"""Schema validity checks (flattened 2020-12 metaschema, cache) and RFC 6570 templates."""

from __future__ import annotations

import pytest
from jsonschema import Draft7Validator, Draft202012Validator
from jsonschema.exceptions import SchemaError

from mcpvcr.lint.metaschema import schema_problem
from mcpvcr.lint.uritemplate import template_problem

SCHEMAS = [
    {"type": "object", "properties": {"q": {"type": "string"}}},
    {"type": "strin"},
    {"type": "object", "properties": {"q": {"type": "strin"}}},
    {"type": "object", "properties": {"q": {"pattern": "(["}}},
    {"type": "object", "properties": {"q": {"minLength": -1}}},
    {"type": "object", "required": "q"},
    {"type": "object", "required": ["a", "a"]},
    {"type": "object", "title": 3},
    {"type": "object", "$defs": {"a": {"type": "nope"}}},
    {"type": "object", "items": [{"type": "string"}]},
    {"type": "object", "prefixItems": [{"type": "nope"}]},
    {"type": "object", "anyOf": []},
    {"type": "object", "dependentRequired": {"a": [1]}},
    {"type": "object", "unevaluatedProperties": {"type": "x"}},
    {
        "type": "object",
        "properties": {"a": {"$ref": "#/$defs/x"}},
        "$defs": {"x": {"type": "string"}},
    },
    {"type": "object", "properties": {"a": {"type": "object", "properties": {"b": {"enum": 3}}}}},
    {"type": "object", "properties": {"a": 3}},
]


@pytest.mark.parametrize("shape", SCHEMAS)
def test_flattened_2020_12_metaschema_agrees_with_jsonschema(shape: dict[str, object]) -> None:
    try:
        Draft202012Validator.check_schema(shape)
        expected_valid = True
    except SchemaError:
        expected_valid = False
    assert (schema_problem(shape) is None) == expected_valid


def test_draft_07_schema_is_checked_against_draft_07() -> None:
    shape = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "items": [{"type": "string"}],  # array form: valid in draft-07, not in 2020-12
    }
    Draft7Validator.check_schema(shape)
    assert schema_problem(shape) is None
    assert schema_problem({k: v for k, v in shape.items() if k != "$schema"}) is not None


def test_problem_names_where() -> None:
    problem = schema_problem({"type": "object", "properties": {"q": {"type": "strin"}}})
    assert problem is not None and "(at /properties/q/type)" in problem


def test_non_object_schemas() -> None:
    assert schema_problem(True) is None
    assert schema_problem([1]) == "schema is a list, not an object"
    assert schema_problem({"type": "object", "const": float("nan")}) == (
        "schema holds values that are not JSON"
    )


@pytest.mark.parametrize(
    "template",
    [
        "file:///{path}",
        "notes://{id}{?format,limit}",
        "http://x/{+base}/{#frag}{/a,b}{;p}{&q}{.ext}",
        "x://{var:3}/{list*}",
        "demo://resource/dynamic/text/{resourceId}",
        "plain://no-vars",
        "a://%20{x}",
    ],
)
def test_valid_uri_templates(template: str) -> None:
    assert template_problem(template) is None


@pytest.mark.parametrize(
    ("template", "needle"),
    [
        ("x://{id", "unclosed"),
        ("x://id}", "unmatched"),
        ("x://{}", "empty expression"),
        ("x://{a b}", "invalid variable"),
        ("x://{=a}", "reserved"),
        ("x://{a:0}", "invalid variable"),
        ("x://{a:10000}", "invalid variable"),
        ("x://a b", "not allowed in a literal"),
        ("x://%zz", "not allowed in a literal"),
        ("", "empty"),
    ],
)
def test_invalid_uri_templates(template: str, needle: str) -> None:
    problem = template_problem(template)
    assert problem is not None and needle in problem


def test_malformed_types_are_named_plainly() -> None:
    problem = schema_problem({"type": "object", "properties": {"q": {"type": "strin"}}})
    assert problem == (
        "'strin' is not a JSON Schema type (one of array, boolean, integer, null, number, "
        "object, string) (at /properties/q/type)"
    )
    listed = schema_problem({"type": ["object", "nul"]})
    assert listed is not None and listed.startswith("'nul' is not a JSON Schema type")
    # a property *named* "type" is not the keyword
    named = schema_problem({"type": "object", "properties": {"type": 3}})
    assert named is not None and "not a JSON Schema type" not in named
