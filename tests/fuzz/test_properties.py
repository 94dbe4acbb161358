"""Property tests over generated schemas: valid cases validate, malformed ones do not."""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mcpvcr.fuzz.cases import plan_tool
from mcpvcr.fuzz.schemas import build_validator

NAMES = st.sampled_from(
    ["url", "path", "timezone", "email", "query", "id", "count", "x", "mode", "date", "tags"]
)
PATTERNS = st.sampled_from(
    ["^[a-z]+$", "^\\d{3}-\\d{2}$", "^[A-Z][a-z0-9_]{2,8}$", "^(foo|bar)baz$", "^[^\\s]+$", "x"]
)
FORMATS = st.sampled_from(
    ["date-time", "date", "time", "email", "uuid", "ipv4", "ipv6", "uri", "hostname"]
)


@st.composite
def strings(draw: st.DrawFn) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string"}
    kind = draw(st.sampled_from(["plain", "pattern", "format", "length"]))
    if kind == "pattern":
        schema["pattern"] = draw(PATTERNS)
    elif kind == "format":
        schema["format"] = draw(FORMATS)
    elif kind == "length":
        low = draw(st.integers(0, 20))
        schema["minLength"] = low
        schema["maxLength"] = low + draw(st.integers(0, 5))
    return schema


@st.composite
def numbers(draw: st.DrawFn) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": draw(st.sampled_from(["integer", "number"]))}
    low = draw(st.none() | st.integers(-50, 50))
    if low is not None:
        schema[draw(st.sampled_from(["minimum", "exclusiveMinimum"]))] = low
        if draw(st.booleans()):
            schema[draw(st.sampled_from(["maximum", "exclusiveMaximum"]))] = low + draw(
                st.integers(2, 30)
            )
    if draw(st.booleans()):
        schema["multipleOf"] = draw(st.sampled_from([1, 2, 5]))
        if "minimum" in schema and "maximum" in schema:
            schema["maximum"] = schema["minimum"] + 40
        schema.pop("exclusiveMaximum", None)
    return schema


LEAVES = st.one_of(
    strings(),
    numbers(),
    st.just({"type": "boolean"}),
    st.lists(st.sampled_from(["a", "b", "c", 1, 2]), min_size=1, max_size=3, unique=True).map(
        lambda e: {"enum": e}
    ),
    st.just({}),
    st.just({"const": "fixed"}),
)


def _wrap(children: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.one_of(
        st.builds(
            lambda c: (
                {
                    "type": ["null", *([c["type"]] if isinstance(c.get("type"), str) else [])],
                    **{k: v for k, v in c.items() if k != "type"},
                }
                if isinstance(c.get("type"), str)
                else c
            ),
            children,
        ),
        st.builds(lambda c: {"anyOf": [c, {"type": "null"}]}, children),
        st.builds(
            lambda c, n: {"type": "array", "items": c, "minItems": n}, children, st.integers(0, 3)
        ),
        st.builds(
            lambda props, req: {
                "type": "object",
                "properties": props,
                "required": sorted(k for k in props if req),
            },
            st.dictionaries(NAMES, children, min_size=1, max_size=3),
            st.booleans(),
        ),
        st.builds(lambda c: {"allOf": [c]}, children),
        # Satisfiable by construction: the same child twice, or a union.
        st.builds(lambda c: {"allOf": [{"anyOf": [c]}, {"oneOf": [c]}]}, children),
        st.builds(lambda c, d: {"anyOf": [c, d]}, children, children),
    )


PROPERTY = st.recursive(LEAVES, _wrap, max_leaves=6)


@st.composite
def tools(draw: st.DrawFn) -> dict[str, Any]:
    props: dict[str, Any] = draw(st.dictionaries(NAMES, PROPERTY, min_size=0, max_size=4))
    required = [name for name in sorted(props) if draw(st.booleans())]
    schema: dict[str, Any] = {"type": "object", "properties": props, "required": required}
    if draw(st.booleans()):
        schema["additionalProperties"] = False
    move: bool = draw(st.booleans())
    if props and move:  # move one property behind a $ref
        moved = sorted(props)[0]
        schema["$defs"] = {"Moved": props[moved]}
        schema["properties"] = {**props, moved: {"$ref": "#/$defs/Moved"}}
    return {"name": "generated", "inputSchema": schema}


@settings(
    max_examples=int(os.environ.get("MCPVCR_FUZZ_EXAMPLES", "200")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(tools(), st.integers(0, 5))
def test_valid_validates_and_malformed_does_not(tool: dict[str, Any], seed: int) -> None:
    plan = plan_tool(tool, seed=seed)
    validator = build_validator(tool["inputSchema"])
    assert plan.no_valid_case is None, plan.no_valid_case
    assert plan.cases[0].name == "valid"
    assert validator.is_valid(plan.cases[0].arguments), plan.cases[0].arguments
    for case in plan.cases[1:]:
        assert case.malformed
        # A probe's `allowed` says exactly whether the schema accepts it.
        assert case.allowed is validator.is_valid(case.arguments), case
        if case.name == "extra_garbage":
            # A probe: invalid exactly when the schema forbids unknown keys.
            forbids = tool["inputSchema"].get("additionalProperties") is False
            assert validator.is_valid(case.arguments) is not forbids
        elif not case.allowed:
            assert not validator.is_valid(case.arguments), case
        else:  # the only other probe: another type for an untyped parameter
            assert case.name.startswith("wrong_type:"), case
    assert plan == plan_tool(tool, seed=seed)  # deterministic
    assert len({case.name for case in plan.cases}) == len(plan.cases)


KEYWORDS = st.sampled_from(
    [
        "type",
        "properties",
        "required",
        "enum",
        "const",
        "items",
        "minimum",
        "maxLength",
        "pattern",
        "format",
        "$ref",
        "allOf",
        "anyOf",
        "oneOf",
        "additionalProperties",
        "minItems",
        "multipleOf",
        "$defs",
        "nullable",
        "default",
        "examples",
        "prefixItems",
        "exclusiveMinimum",
    ]
)
JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=True)
    | st.text(max_size=6)
    | st.sampled_from(["object", "string", "#", "#/$defs/a", "[", "integer", "null"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(KEYWORDS | st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=int(os.environ.get("MCPVCR_FUZZ_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.dictionaries(KEYWORDS, JUNK, max_size=5), st.integers(0, 2))
def test_hostile_schemas_never_raise(schema: dict[str, Any], seed: int) -> None:
    """Whatever a server advertises, planning finishes with cases or a recorded reason."""
    tool = {"name": "hostile", "inputSchema": {"type": "object", **schema}}
    plan = plan_tool(tool, seed=seed)
    assert plan.cases or plan.no_valid_case
