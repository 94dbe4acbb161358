"""FastMCP names generated schema titles after the function, so a rename changes them too."""

from __future__ import annotations

from typing import Any

from mcpvcr.diff import diff
from tests.diff.helpers import cassette, rules_of, tool


def _fastmcp(name: str, title: str | None = None) -> dict[str, Any]:
    props = {"a": {"title": "A", "type": "integer"}, "b": {"title": "B", "type": "integer"}}
    return tool(
        name,
        inputSchema={
            "type": "object",
            "properties": props,
            "required": ["a", "b"],
            "title": title or f"{name}Arguments",
        },
        outputSchema={
            "type": "object",
            "properties": {"result": {"title": "Result", "type": "integer"}},
            "required": ["result"],
            "title": f"{name}Output",
        },
    )


def test_renamed_fastmcp_tool_is_one_rename() -> None:
    changes = diff(
        cassette(tools=[_fastmcp("add"), tool("other")]),
        cassette(tools=[_fastmcp("sum_numbers"), tool("other")]),
    )
    renames = [c for c in changes.changes if c.rule == "tool.renamed"]
    assert [(c.old, c.new) for c in renames] == [("add", "sum_numbers")]
    assert not {"tool.removed", "tool.added"} & rules_of(changes)


def test_a_hand_written_title_still_tells_tools_apart() -> None:
    # Only generated titles are ignored: two schemas with different chosen titles
    # (not ending in Arguments/Output) are not the same schema.
    changes = diff(
        cassette(tools=[_fastmcp("add", title="Addition")]),
        cassette(tools=[_fastmcp("sum_numbers", title="Summation")]),
    )
    assert "tool.renamed" not in rules_of(changes)
    assert {"tool.removed", "tool.added"} <= rules_of(changes)
