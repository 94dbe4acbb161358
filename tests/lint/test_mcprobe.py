"""MCProbe's twelve rules: exact messages, evaluation order, and the bugs fixed."""

from __future__ import annotations

from mcpvcr.lint import lint
from tests.builders import CLEAN_TOOL, cassette, schema, tool
from tests.golden.demo_cassette import demo_cassette

MCPROBE = {
    "server.no_tools",
    "tool.missing_description",
    "tool.thin_description",
    "tool.duplicate_name",
    "tool.unusual_name",
    "tool.no_annotations",
    "tool.no_input_schema",
    "schema.invalid",
    "schema.root_not_object",
    "schema.no_required",
    "param.untyped",
    "param.missing_description",
}


def test_demo_target_findings_match_mcprobe_in_order_and_text() -> None:
    found = [f for f in lint(demo_cassette()) if f.code in MCPROBE]
    assert [(f.severity, f.code, f.location) for f in found] == [
        ("info", "tool.no_annotations", {"tool": "divide"}),
        ("info", "schema.no_required", {"tool": "divide"}),
        ("warning", "param.untyped", {"tool": "divide", "param": "a"}),
        ("warning", "param.missing_description", {"tool": "divide", "param": "a"}),
        ("warning", "param.untyped", {"tool": "divide", "param": "b"}),
        ("warning", "param.missing_description", {"tool": "divide", "param": "b"}),
        ("error", "tool.missing_description", {"tool": "greet"}),
        ("info", "tool.no_annotations", {"tool": "greet"}),
        ("info", "schema.no_required", {"tool": "greet"}),
        ("warning", "param.untyped", {"tool": "greet", "param": "name"}),
        ("warning", "param.missing_description", {"tool": "greet", "param": "name"}),
        ("warning", "tool.thin_description", {"tool": "set_mode"}),
        ("info", "tool.no_annotations", {"tool": "set_mode"}),
        ("warning", "param.missing_description", {"tool": "set_mode", "param": "mode"}),
        ("info", "tool.no_annotations", {"tool": "well_behaved"}),
    ]
    messages = {f.code: f.message for f in found if f.location.get("tool") in ("greet", "set_mode")}
    assert messages["tool.missing_description"] == "Tool 'greet' has no description."
    assert messages["tool.thin_description"] == "Tool 'set_mode' description is only 9 characters."
    assert messages["schema.no_required"] == (
        "Tool 'greet' declares 1 parameter(s) but none are marked required."
    )
    assert (
        messages["param.untyped"]
        == "Parameter 'name' on tool 'greet' has no type/enum/const/oneOf."
    )


def test_no_input_schema_stops_the_tool_before_schema_and_parameter_rules() -> None:
    found = lint(cassette(tools=[tool(inputSchema=[])]))
    assert [f.code for f in found] == ["tool.no_input_schema"]
    assert found[0].message == "Tool 'clean_tool' publishes no input schema."


def test_missing_input_schema_is_reported() -> None:
    assert [f.code for f in lint(cassette(tools=[tool(inputSchema=None)]))] == [
        "tool.no_input_schema"
    ]


def test_duplicates_fire_once_per_occurrence() -> None:
    found = [f for f in lint(cassette(tools=[tool(), tool()])) if f.code == "tool.duplicate_name"]
    assert [f.message for f in found] == ["Tool name 'clean_tool' is registered 2 times."] * 2


def test_root_type_array_is_not_object() -> None:
    found = lint(
        cassette(
            tools=[tool(inputSchema={**CLEAN_TOOL["inputSchema"], "type": ["object", "null"]})]
        )
    )
    assert any(
        f.message == "Tool 'clean_tool' inputSchema root is type='object,null', expected 'object'."
        for f in found
    )


def test_draft_07_and_2020_12_schemas_with_refs_are_valid() -> None:
    draft7 = schema(
        {"arg": {"$ref": "#/definitions/Id"}},
        ["arg"],
        **{
            "$schema": "http://json-schema.org/draft-07/schema#",
            "definitions": {"Id": {"type": "string", "description": "An id."}},
        },
    )
    modern = schema(
        {
            "arg": {"$ref": "#/$defs/Id"},
            "items": {"type": "array", "prefixItems": [{"type": "string"}]},
        },
        ["arg"],
        **{
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "$defs": {"Id": {"type": "string", "description": "An id."}},
        },
    )
    for shape in (draft7, modern):
        codes = {f.code for f in lint(cassette(tools=[tool(inputSchema=shape)]))}
        assert "schema.invalid" not in codes
        assert "param.untyped" not in codes


def test_unresolvable_ref_is_invalid_as_in_mcprobe() -> None:
    bad = schema({"arg": {"$ref": "#/definitions/does_not_exist", "description": "x"}}, ["arg"])
    found = [f for f in lint(cassette(tools=[tool(inputSchema=bad)])) if f.code == "schema.invalid"]
    assert found and "does_not_exist" in found[0].message
    assert found[0].message.startswith("Tool 'clean_tool' inputSchema failed to compile: ")


def test_ref_to_an_untyped_target_is_still_untyped() -> None:
    shape = schema(
        {"arg": {"$ref": "#/$defs/Any", "description": "x"}}, ["arg"], **{"$defs": {"Any": {}}}
    )
    assert "param.untyped" in {f.code for f in lint(cassette(tools=[tool(inputSchema=shape)]))}


def test_non_dict_property_is_untyped_and_undescribed() -> None:
    shape = schema({"arg": True}, ["arg"])
    codes = [f.code for f in lint(cassette(tools=[tool(inputSchema=shape)]))]
    assert "param.untyped" in codes and "param.missing_description" in codes


def test_empty_tools_capability_object_counts_as_advertised() -> None:
    assert [f.code for f in lint(cassette(tools=[], capabilities={"tools": {}}))] == [
        "server.no_tools"
    ]


def test_all_digit_and_mixed_separator_names_are_fine() -> None:
    for name in ("123", "get_user-v2", "a.b_c"):
        assert "tool.unusual_name" not in {f.code for f in lint(cassette(tools=[tool(name=name)]))}
    for name in ("Get_user", "get__user", "_get", "get-"):
        assert "tool.unusual_name" in {f.code for f in lint(cassette(tools=[tool(name=name)]))}
