"""A ListRecord keeps the server's order of items when it is not the sorted one."""

from __future__ import annotations

from mcpvcr.live.lists import server_order


def test_an_unsorted_list_keeps_its_order() -> None:
    items = [{"name": "b"}, {"name": "a"}, {"name": "c"}]
    assert server_order("tools", items) == ["b", "a", "c"]
    resources = [{"uri": "z://1"}, {"uri": "a://2"}]
    assert server_order("resources", resources) == ["z://1", "a://2"]


def test_a_sorted_list_needs_no_order() -> None:
    assert server_order("tools", [{"name": "a"}, {"name": "b"}]) is None
    assert server_order("prompts", []) is None


def test_no_order_when_items_cannot_be_told_apart() -> None:
    assert server_order("tools", [{"name": "b"}, {"name": "b"}, {"name": "a"}]) is None
    assert server_order("tools", [{"name": "b"}, {"title": "nameless"}]) is None
    assert server_order("tools", [{"name": "b"}, "junk"]) is None
