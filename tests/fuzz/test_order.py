"""The exercise order: producers before the tools that read, update or delete what they make."""

from __future__ import annotations

from typing import Any

from mcpvcr.fuzz.order import DELETER, PRODUCER, READER, UPDATER, order_tools, tool_rank
from mcpvcr.fuzz.plan import Call, split_calls


def _tool(name: str, props: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    return {"name": name, "inputSchema": {"type": "object", "properties": props or {}}, **extra}


ENTITY = {"type": "object", "properties": {"entityName": {"type": "string"}}}
MEMORY = [
    _tool("add_observations", {"observations": {"type": "array", "items": ENTITY}}),
    _tool(
        "create_entities",
        {"entities": {"type": "array", "items": {"properties": {"name": {}, "observations": {}}}}},
    ),
    _tool("create_relations", {"relations": {"type": "array"}}),
    _tool("delete_entities", {"entityNames": {"type": "array"}}),
    _tool("open_nodes", {"names": {"type": "array"}}),
    _tool("read_graph"),
    _tool("search_nodes", {"query": {"type": "string"}}),
    _tool("update_thing", {"id": {"type": "string"}}),
]


def _names(tools: list[dict[str, Any]], preferred: tuple[str, ...] = ()) -> list[str]:
    return [name for name, _ in order_tools([(t["name"], t) for t in tools], preferred)]


def test_memory_like_server_is_ordered_producers_first() -> None:
    # A name-sorted plan runs add_observations before create_entities ("Entity not found").
    assert _names(MEMORY) == [
        "create_entities",
        "create_relations",
        "add_observations",  # it names an entity, which create_entities makes
        "search_nodes",  # a lister: its answers feed the readers' guesses (fuzz.harvest)
        "open_nodes",
        "read_graph",
        "update_thing",
        "delete_entities",
    ]


def test_ranks_from_names_and_annotations() -> None:
    assert tool_rank(_tool("insertRow")) == PRODUCER
    assert tool_rank(_tool("git-log")) == READER
    assert tool_rank(_tool("frobnicate")) == READER  # nothing known: with the readers
    assert tool_rank(_tool("rename_file")) == UPDATER
    assert tool_rank(_tool("purge_cache")) == DELETER
    # readOnlyHint wins over a producing name; destructiveHint over everything.
    assert tool_rank(_tool("create_report", annotations={"readOnlyHint": True})) == READER
    assert tool_rank(_tool("get_or_reset", annotations={"destructiveHint": True})) == DELETER


def test_configured_order_goes_first_and_unknown_names_are_ignored() -> None:
    names = _names(MEMORY, ("read_graph", "nope", "create_relations"))
    assert names[:2] == ["read_graph", "create_relations"]
    assert sorted(names) == sorted(t["name"] for t in MEMORY)


def test_dependency_cycles_terminate() -> None:
    a = _tool("add_apples", {"pear": {}})
    b = _tool("add_pears", {"apple": {}})
    # Each uses what the other makes: the order is still total and does not depend on input order.
    assert _names([b, a]) == _names([a, b])
    assert sorted(_names([a, b])) == ["add_apples", "add_pears"]


def _call(index: int, case: str, read_only: bool, method: str = "tools/call") -> Call:
    return Call(index, method, f"t{index}", case, {}, case != "valid", read_only=read_only)


def test_valid_cases_and_state_changing_tools_run_alone() -> None:
    calls = [
        _call(0, "valid", True),
        _call(1, "wrong_type:a", True),
        _call(2, "valid", False),
        _call(3, "extra_garbage", False),
        _call(4, "read", True, "resources/read"),
    ]
    solo, shared = split_calls(calls)
    assert [c.index for c in solo] == [0, 2, 3]
    assert [c.index for c in shared] == [1, 4]
