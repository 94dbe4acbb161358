"""Values from the server: a lister's answer feeds the guessed arguments of later calls."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.fuzz.harvest import Harvest, is_lister
from mcpvcr.judge import judged
from mcpvcr.live.exercise import exercise
from mcpvcr.live.wire import Reply
from mcpvcr.recording import RecordOptions

SCHEMA = {
    "type": "object",
    "properties": {
        "item_id": {"type": "string"},
        "mode": {"type": "string", "enum": ["a", "b"]},
        "count": {"type": "integer"},
    },
    "required": ["item_id"],
}


def _text(value: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": json.dumps(value)}]}


def test_ids_a_lister_answered_replace_a_guess() -> None:
    seen = Harvest()
    seen.learn(_text({"items": [{"id": "it-7", "name": "Widget"}, {"id": "it-8"}]}))
    args, changed = seen.fill({"item_id": "example", "mode": "a", "count": 1}, SCHEMA)
    assert changed and args == {"item_id": "it-7", "mode": "a", "count": 1}
    # the control call keeps its nonce for the parameter it varies
    args, changed = seen.fill({"item_id": "zz-nonce"}, SCHEMA, keep="item_id")
    assert not changed and args == {"item_id": "zz-nonce"}


def test_no_server_value_keeps_the_guess() -> None:
    seen = Harvest()
    seen.learn({"content": [{"type": "text", "text": "3 items"}], "isError": False})
    seen.learn({**_text({"id": "x"}), "isError": True})  # a failure names nothing real
    assert seen.fill({"item_id": "example"}, SCHEMA) == ({"item_id": "example"}, False)


def test_structured_content_and_schema_limits() -> None:
    seen = Harvest()
    seen.learn({"structuredContent": {"files": [{"path": "/srv/a.txt"}]}, "content": []})
    schema = {"type": "object", "properties": {"file_path": {"type": "string", "pattern": "^/"}}}
    assert seen.fill({"file_path": "x"}, schema) == ({"file_path": "/srv/a.txt"}, True)
    strict = {"type": "object", "properties": {"file_path": {"type": "string", "maxLength": 3}}}
    assert seen.fill({"file_path": "x"}, strict) == ({"file_path": "x"}, False)


def test_listers_are_named_by_what_they_do() -> None:
    assert is_lister("list_items") and is_lister("searchNodes") and is_lister("files_list")
    assert not is_lister("get_item") and not is_lister("add")


class _Inventory:
    """A fake connection: list_items names it-7; get_item knows only it-7."""

    async def request(self, method: str, params: dict[str, Any] | None, timeout: float) -> Reply:
        args = (params or {}).get("arguments") or {}
        if params and params.get("name") == "list_items":
            return Reply(result=_text({"items": [{"id": "it-7", "title": "Widget"}]}))
        if args.get("item_id") == "it-7":
            return Reply(result={"content": [{"type": "text", "text": "Widget, 3 in stock"}]})
        return Reply(result={"content": [{"type": "text", "text": "?"}], "isError": True})


def test_the_fuzz_pass_takes_a_listed_id_before_guessing() -> None:
    tools = [
        {
            "name": "get_item",
            "inputSchema": {
                "type": "object",
                "properties": {"item_id": {"type": "string"}},
                "required": ["item_id"],
            },
            "annotations": {"readOnlyHint": True},  # called without a jail (policy.py)
        },
        {
            "name": "list_items",
            "inputSchema": {"type": "object", "properties": {}},
            "annotations": {"readOnlyHint": True},
        },
    ]
    cassette = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={},
        client_capabilities={},
    )
    cassette.body["tools"]["items"] = tools
    result = asyncio.run(exercise(_Inventory(), cassette, RecordOptions(fuzz=True)))
    order = [(i["target"], i["case"]) for i in result.interactions]
    assert order.index(("list_items", "valid")) < order.index(("get_item", "valid"))
    valid = next(
        i for i in result.interactions if (i["target"], i["case"]) == ("get_item", "valid")
    )
    assert valid["params"]["arguments"] == {"item_id": "it-7"} and "fromServer" in valid["facts"]
    control = next(i for i in result.interactions if i["case"] == "control:item_id")
    assert control["params"]["arguments"]["item_id"] != "it-7"
    cassette.body["interactions"] = result.interactions
    judged_valid = next(
        i
        for i in judged(cassette).interactions
        if (i["target"], i["case"]) == ("get_item", "valid")
    )
    assert judged_valid["outcome"] == "ok"
