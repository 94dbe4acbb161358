"""Malformed and hostile cassettes: the diff never raises, and untrusted text stays inert."""

from __future__ import annotations

import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mcpvcr.diff import diff
from mcpvcr.diff.formats import render_json, render_junit, render_sarif
from mcpvcr.diff.render import render_markdown, render_text
from tests.diff.helpers import cassette, tool

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(
            st.sampled_from(
                ["type", "properties", "required", "enum", "items", "anyOf", "$ref", "minimum", "x"]
            ),
            children,
            max_size=4,
        )
    ),
    max_leaves=20,
)
TOOL = st.fixed_dictionaries(
    {"name": st.sampled_from(["a", "b", "c"])},
    optional={
        "description": JSON,
        "inputSchema": JSON,
        "outputSchema": JSON,
        "annotations": JSON,
        "execution": JSON,
        "icons": JSON,
    },
)


@settings(max_examples=60, deadline=None)
@given(st.lists(TOOL, max_size=3), st.lists(TOOL, max_size=3))
def test_arbitrary_tool_shapes_never_crash_the_diff(old: list[Any], new: list[Any]) -> None:
    changes = diff(cassette(tools=old), cassette(tools=new), cosmetic=True)
    assert diff(cassette(tools=old), cassette(tools=new), cosmetic=True) == changes
    render_text(changes)
    render_markdown(changes)
    render_json(changes)
    render_sarif(changes, "x.mcpvcr")
    render_junit(changes)
    assert diff(cassette(tools=new), cassette(tools=new)).identical


@settings(max_examples=40, deadline=None)
@given(JSON, JSON)
def test_arbitrary_prompt_resource_and_server_shapes(a: Any, b: Any) -> None:
    old = cassette(
        prompts=[{"name": "p", "arguments": a}],
        resources=[{"uri": "r", "annotations": a}],
        capabilities={"tools": a} if isinstance(a, dict) else {},
    )
    new = cassette(
        prompts=[{"name": "p", "arguments": b}],
        resources=[{"uri": "r", "annotations": b}],
        capabilities={"tools": b} if isinstance(b, dict) else {},
    )
    diff(old, new)


def test_hostile_names_cannot_break_markdown_or_the_terminal() -> None:
    evil = "x`</details><img src=x onerror=alert(1)>\x1b[31m\u202e"
    changes = diff(cassette(tools=[tool("a")]), cassette(tools=[tool("a"), tool(evil)]))
    markdown = render_markdown(changes)
    # Server text may appear only inside code spans, where GitHub renders it literally.
    outside = re.sub(r"(`+)(?!`)(.+?)(?<!`)\1(?!`)", "", markdown)
    assert "<img" not in outside
    assert outside.count("</details>") == outside.count("<details>") == 1
    text = render_text(changes)
    assert "\x1b" not in text and "\u202e" not in text


def test_bidi_and_control_characters_are_escaped_in_json() -> None:
    changes = diff(
        cassette(tools=[tool("a")]), cassette(tools=[tool("a", description="\u202eevil")])
    )
    assert "\u202e" not in render_json(changes)
    assert "\\u202e" in render_json(changes)
