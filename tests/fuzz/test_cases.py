"""Case generation: named examples with hand-computed expectations."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from mcpvcr.fuzz.cases import GARBAGE_KEY, MAX_CASES_PER_TOOL, ToolPlan, plan_tool
from mcpvcr.fuzz.schemas import (
    SchemaProblem,
    build_validator,
    first_error,
    is_usable_object_schema,
    is_valid,
)


def check_plan(tool: Mapping[str, Any], plan: ToolPlan) -> list[str]:
    """Problems with a plan against its tool's schema: the oracle these tests share."""
    schema = tool.get("inputSchema")
    if not is_usable_object_schema(schema):
        return []
    try:
        validator = build_validator(schema)
    except SchemaProblem:
        return []
    problems = []
    for case in plan.cases:
        ok = is_valid(validator, case.arguments)
        if case.name == "valid" and not ok:
            problems.append(
                f"valid case does not validate: {first_error(validator, case.arguments)}"
            )
        if case.malformed and not case.allowed and ok:
            problems.append(f"{case.name} validates")
    return problems


def _names(tool: dict[str, Any], **kwargs: Any) -> list[str]:
    return [case.name for case in plan_tool(tool, **kwargs).cases]


def _args(tool: dict[str, Any], case_name: str, **kwargs: Any) -> Any:
    for case in plan_tool(tool, **kwargs).cases:
        if case.name == case_name:
            return case.arguments
    raise AssertionError(f"no case {case_name}")


SET_MODE = {
    "name": "set_mode",
    "inputSchema": {
        "type": "object",
        "properties": {"mode": {"type": "string", "enum": ["fast", "safe", "verbose"]}},
        "required": ["mode"],
    },
}


def test_mcprobe_worked_example_set_mode_same_names_and_order() -> None:
    plan = plan_tool(SET_MODE)
    got = [(case.name, case.arguments) for case in plan.cases]
    assert got[:5] == [
        ("valid", {"mode": "fast"}),
        ("missing_required:mode", {}),
        ("wrong_type:mode", {"mode": 123}),
        ("out_of_enum:mode", {"mode": "__mcpvcr_out_of_enum__"}),
        ("extra_garbage", {"mode": "fast", GARBAGE_KEY: True}),
    ]
    assert got[5:] == [("null:mode", {"mode": None})]
    assert plan.no_valid_case is None


def test_timezone_gets_an_iana_zone_not_nonsense() -> None:
    tool = {
        "name": "get_current_time",
        "inputSchema": {
            "type": "object",
            "properties": {"timezone": {"type": "string"}},
            "required": ["timezone"],
        },
    }
    assert _args(tool, "valid") == {"timezone": "Europe/London"}


def test_only_required_fields_in_the_valid_case() -> None:
    # MCProbe fills every optional field: filesystem read_file(head, tail) is then rejected.
    tool = {
        "name": "read_file",
        "inputSchema": {
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "head": {"type": "number"},
                "tail": {"type": "number"},
            },
            "required": ["path"],
        },
    }
    assert _args(tool, "valid") == {"path": "README.md"}
    assert _args(tool, "wrong_type:head") == {"path": "README.md", "head": "not a number"}


@pytest.mark.parametrize(
    ("prop", "check"),
    [
        ({"type": "string", "format": "date-time"}, lambda v: v == "2024-01-15T10:30:00Z"),
        ({"type": "string", "format": "email"}, lambda v: v == "user@example.com"),
        ({"type": "string", "format": "uuid"}, lambda v: len(v) == 36),
        ({"type": "string", "format": "ipv6"}, lambda v: ":" in v),
        ({"type": "string", "pattern": "^[A-Z]{3}-\\d{4}$"}, lambda v: v == "AAA-1111"),
        ({"type": "string", "minLength": 12, "maxLength": 12}, lambda v: len(v) == 12),
        ({"type": "integer", "minimum": 7, "multipleOf": 5}, lambda v: v == 10),
        ({"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1}, lambda v: 0 < v < 1),
        ({"type": "integer", "exclusiveMaximum": -3}, lambda v: v < -3),
        ({"type": ["null", "string"]}, lambda v: isinstance(v, str)),
        ({"type": "string", "nullable": True}, lambda v: isinstance(v, str)),
        ({"anyOf": [{"type": "null"}, {"type": "integer"}]}, lambda v: v == 1),
        ({"oneOf": [{"type": "string", "maxLength": 2}, {"type": "integer"}]}, lambda v: v == "ex"),
        ({"allOf": [{"type": "integer"}, {"minimum": 4}]}, lambda v: v == 4),
        ({"const": "exact"}, lambda v: v == "exact"),
        ({"type": "string", "examples": ["from-examples"]}, lambda v: v == "from-examples"),
        ({"type": "integer", "default": 42}, lambda v: v == 42),
        (
            {"type": "array", "items": {"type": "integer"}, "minItems": 3, "uniqueItems": True},
            lambda v: len(v) == 3 and len(set(v)) == 3,
        ),
        (
            {"type": "object", "properties": {"a": {"type": "boolean"}}, "required": ["a"]},
            lambda v: v == {"a": False},
        ),
    ],
)
def test_valid_value_honours_keyword(prop: dict[str, Any], check: Any) -> None:
    tool = {
        "name": "t",
        "inputSchema": {"type": "object", "properties": {"x": prop}, "required": ["x"]},
    }
    plan = plan_tool(tool)
    assert plan.no_valid_case is None
    assert check(plan.cases[0].arguments["x"]), plan.cases[0].arguments
    assert check_plan(tool, plan) == []


def test_recursive_ref_is_bounded_and_valid() -> None:
    tool = {
        "name": "tree",
        "inputSchema": {
            "type": "object",
            "$defs": {
                "Node": {
                    "type": "object",
                    "properties": {
                        "value": {"type": "integer"},
                        "children": {"type": "array", "items": {"$ref": "#/$defs/Node"}},
                    },
                    "required": ["value", "children"],
                }
            },
            "properties": {"root": {"$ref": "#/$defs/Node"}},
            "required": ["root"],
        },
    }
    plan = plan_tool(tool)
    assert plan.no_valid_case is None
    assert check_plan(tool, plan) == []
    assert "wrong_type:root.value" in [case.name for case in plan.cases]


def test_draft07_definitions_and_ref() -> None:
    tool = {
        "name": "d7",
        "inputSchema": {
            "$schema": "http://json-schema.org/draft-07/schema#",
            "type": "object",
            "definitions": {"Mode": {"type": "string", "enum": ["a", "b"]}},
            "properties": {"mode": {"$ref": "#/definitions/Mode"}},
            "required": ["mode"],
            "additionalProperties": False,
        },
    }
    names = _names(tool)
    assert _args(tool, "valid") == {"mode": "a"}
    assert names[:5] == [
        "valid",
        "missing_required:mode",
        "wrong_type:mode",
        "out_of_enum:mode",
        "extra_garbage",
    ]


def test_boundary_variants_are_emitted_and_invalid() -> None:
    tool = {
        "name": "bounds",
        "inputSchema": {
            "type": "object",
            "properties": {
                "n": {"type": "integer", "minimum": 1, "maximum": 10},
                "s": {"type": "string", "maxLength": 4, "pattern": "^[a-z]+$"},
                "u": {"type": "string", "format": "uri"},
            },
            "required": ["n", "s", "u"],
        },
    }
    plan = plan_tool(tool)
    names = [case.name for case in plan.cases]
    for expected in (
        "below_minimum:n",
        "above_maximum:n",
        "too_long:s",
        "pattern_mismatch:s",
        "bad_format:u",
    ):
        assert expected in names
    assert _args(tool, "below_minimum:n")["n"] == 0
    assert _args(tool, "above_maximum:n")["n"] == 11
    assert check_plan(tool, plan) == []


def test_unusable_schema_gets_the_trio() -> None:
    plan = plan_tool({"name": "bare", "inputSchema": {}})
    assert [(c.name, c.arguments, c.malformed) for c in plan.cases] == [
        ("valid", {}, False),
        ("empty_args", {}, True),
        ("extra_garbage", {GARBAGE_KEY: "x"}, True),
    ]


def test_invalid_schema_gets_the_trio_with_a_reason() -> None:
    plan = plan_tool(
        {"name": "bad", "inputSchema": {"type": "object", "properties": {"a": {"type": "strin"}}}}
    )
    assert [c.name for c in plan.cases] == ["valid", "empty_args", "extra_garbage"]
    assert plan.no_valid_case is not None and "not a valid JSON Schema" in plan.no_valid_case


def test_impossible_schema_records_why_and_sends_no_valid_case() -> None:
    tool = {
        "name": "never",
        "inputSchema": {
            "type": "object",
            "properties": {"x": {"type": "integer", "minimum": 5, "maximum": 1}},
            "required": ["x"],
        },
    }
    plan = plan_tool(tool)
    assert plan.no_valid_case
    assert "valid" not in [case.name for case in plan.cases]
    assert check_plan(tool, plan) == []


def test_pinned_arguments_win() -> None:
    plan = plan_tool(SET_MODE, pinned={"mode": "safe"})
    assert plan.cases[0].arguments == {"mode": "safe"}
    assert plan.cases[-2].arguments == {"mode": "safe", GARBAGE_KEY: True}


def test_cap_on_cases_per_tool() -> None:
    props = {f"f{i:02}": {"type": "integer", "minimum": 0, "maximum": 9} for i in range(30)}
    tool = {
        "name": "wide",
        "inputSchema": {"type": "object", "properties": props, "required": list(props)},
    }
    plan = plan_tool(tool)
    assert len(plan.cases) == MAX_CASES_PER_TOOL
    assert plan.cases[0].name == "valid"


def test_deterministic_for_a_seed_and_seed_changes_pattern_fillers() -> None:
    tool = {
        "name": "p",
        "inputSchema": {
            "type": "object",
            "properties": {"code": {"type": "string", "pattern": "^[a-z]{6}$"}},
            "required": ["code"],
        },
    }
    assert plan_tool(tool, seed=3) == plan_tool(tool, seed=3)
    values = {plan_tool(tool, seed=seed).cases[0].arguments["code"] for seed in range(6)}
    assert len(values) > 1
    validator = build_validator(tool["inputSchema"])
    assert all(validator.is_valid({"code": value}) for value in values)


def test_union_types_follow_the_author_order_with_null_last() -> None:
    # server-sequential-thinking: a flag that also accepts "true"/"false" strings.
    tool = {
        "name": "sequentialthinking",
        "inputSchema": {
            "type": "object",
            "properties": {
                "nextThoughtNeeded": {"type": ["boolean", "string"]},
                "x": {"type": ["null", "integer"]},
            },
            "required": ["nextThoughtNeeded", "x"],
        },
    }
    assert _args(tool, "valid") == {"nextThoughtNeeded": False, "x": 1}


def test_quoted_values_in_descriptions_are_tried_first() -> None:
    # mcp-server-git's git_branch: the name says "branch" but the description lists the values.
    description = (
        "Whether to list local branches ('local'), remote branches ('remote') or all ('all')."
    )
    tool = {
        "name": "git_branch",
        "inputSchema": {
            "type": "object",
            "properties": {"branch_type": {"type": "string", "description": description}},
            "required": ["branch_type"],
        },
    }
    assert _args(tool, "valid") == {"branch_type": "local"}


@pytest.mark.parametrize(
    ("tool_name", "expected"), [("list_directory", "."), ("read_file", "README.md")]
)
def test_path_is_a_directory_for_directory_tools(tool_name: str, expected: str) -> None:
    tool = {
        "name": tool_name,
        "inputSchema": {
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    }
    assert _args(tool, "valid") == {"path": expected}


def test_all_of_with_two_one_ofs_picks_a_branch_of_each() -> None:
    schema = {
        "allOf": [
            {"oneOf": [{"type": "object", "properties": {"a": {"const": 1}}, "required": ["a"]}]},
            {"anyOf": [{"type": "object", "properties": {"b": {"const": 2}}, "required": ["b"]}]},
        ]
    }
    tool = {
        "name": "t",
        "inputSchema": {"type": "object", "properties": {"x": schema}, "required": ["x"]},
    }
    plan = plan_tool(tool)
    assert plan.cases[0].arguments == {"x": {"a": 1, "b": 2}}
    assert check_plan(tool, plan) == []


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        ("resourceType", "Type of resource. Must be Text or Blob.", "Text"),
        ("style", "One of 'formal' or 'casual'", "formal"),
        ("city", "Name of the city", "example"),
        ("language", None, "en"),
        ("topic", "What to summarize.", "example"),
    ],
)
def test_prompt_arguments(name: str, description: str | None, expected: str) -> None:
    from mcpvcr.fuzz.hints import prompt_argument

    assert prompt_argument(name, description) == expected


def test_speed_knobs_get_a_small_value_other_optionals_stay_out() -> None:
    # server-everything's trigger-long-running-operation: the default duration is 10 s.
    tool = {
        "name": "trigger-long-running-operation",
        "inputSchema": {
            "type": "object",
            "properties": {
                "duration": {"type": "number", "default": 10},
                "steps": {"type": "number", "default": 5},
                "delay_ms": {"type": "integer", "minimum": 5},
                "label": {"type": "string"},
            },
        },
    }
    assert _args(tool, "valid") == {"delay_ms": 5, "duration": 1}


def _valid_of(
    name: str, description: str, field: str, field_doc: str = "", *, writes: bool = True
) -> Any:
    prop: dict[str, Any] = {"type": "string"}
    if field_doc:
        prop["description"] = field_doc
    tool = {
        "name": name,
        "description": description,
        "inputSchema": {"type": "object", "properties": {field: prop}, "required": [field]},
    }
    return plan_tool(tool, writes=writes).cases[0].arguments[field]


@pytest.mark.parametrize(
    ("name", "description"),
    [
        ("create_table", "Create new tables in the database"),
        ("alter_table", "Modify existing table schema"),
        ("write_query", "Execute INSERT, UPDATE, or DELETE queries"),
    ],
)
def test_sql_changes_no_data_unless_writes_are_opted_in(name: str, description: str) -> None:
    assert _valid_of(name, description, "query", writes=False) == "SELECT 1"
    assert _valid_of(name, description, "query", writes=True) != "SELECT 1"


@pytest.mark.parametrize(
    ("name", "description", "field", "field_doc", "expected"),
    [
        ("read_query", "Execute a SELECT query on the SQLite database", "query", "", "SELECT 1"),
        ("run", "Run a read-only query", "sql", "", "SELECT 1"),
        ("query", "Query the Postgres server", "statement", "", "SELECT 1"),
        (
            "create_table",
            "Create a new table in the SQLite database",
            "query",
            "CREATE TABLE SQL statement",
            "CREATE TABLE IF NOT EXISTS mcpvcr_example (id INTEGER PRIMARY KEY, name TEXT)",
        ),
        (
            "write_query",
            "Execute an INSERT, UPDATE, or DELETE query on the SQLite database",
            "query",
            "",
            "INSERT INTO mcpvcr_example (name) VALUES ('example')",
        ),
        ("calculate", "Calculates/evaluates the given expression.", "expression", "", "2 + 3"),
        ("base64_decode", "Decode a base64 string", "data", "", "SGVsbG8gZnJvbSBtY3B2Y3I="),
        ("json_format", "Pretty-print a document", "data", "", '{"example": 1}'),
    ],
)
def test_a_payload_gets_a_value_in_the_language_the_tool_names(
    name: str, description: str, field: str, field_doc: str, expected: str
) -> None:
    assert _valid_of(name, description, field, field_doc) == expected


@pytest.mark.parametrize(
    ("name", "description", "field", "expected"),
    [
        (
            "search_nodes",
            "Search for nodes in the graph based on a query",
            "query",
            "example query",
        ),
        ("jq_filter", "Apply a jq expression to a document", "expression", "example"),
        ("base64_encode", "Encode text as base64", "text", "Hello from mcpvcr"),
        ("summarize", "Summarize JSON-free prose", "text", "Hello from mcpvcr"),
    ],
)
def test_a_plain_field_keeps_its_plain_value(
    name: str, description: str, field: str, expected: str
) -> None:
    assert _valid_of(name, description, field) == expected


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        (
            "create_table",
            "Create new tables in the database",
            "CREATE TABLE IF NOT EXISTS mcpvcr_example (id INTEGER PRIMARY KEY, name TEXT)",
        ),
        (
            "alter_table",
            "Modify existing table schema",
            "ALTER TABLE mcpvcr_example ADD COLUMN note TEXT",
        ),
        (
            "write_query",
            "Execute INSERT, UPDATE, or DELETE queries",
            "INSERT INTO mcpvcr_example (name) VALUES ('example')",
        ),
        ("search", "Select the best match for a query", "example query"),  # prose, no SQL
    ],
)
def test_sql_is_recognised_from_table_words_and_upper_case_keywords(
    name: str, description: str, expected: str
) -> None:
    assert _valid_of(name, description, "query") == expected


def test_an_idempotency_key_is_never_shared_between_tools() -> None:
    from mcpvcr.fuzz.plan import PlanSettings, plan_calls
    from tests.judge.test_oracles import _cassette, _tool

    schema = {
        "type": "object",
        "properties": {"idempotency_key": {"type": "string"}, "node": {"type": "string"}},
        "required": ["idempotency_key", "node"],
    }
    tools = [_tool(name, schema, readOnlyHint=True) for name in ("do_remember", "do_forget")]
    calls, _ = plan_calls(_cassette(tools, []), PlanSettings())
    keys = {
        call.target: call.params["arguments"]["idempotency_key"]
        for call in calls
        if call.case == "valid"
    }
    # the same key in two tools lets a server replay one tool's record for the other
    assert len(keys) == 2 and len(set(keys.values())) == 2, keys
