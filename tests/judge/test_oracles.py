"""Differential oracles and environment facts: each fires, and its mirror does not."""

from __future__ import annotations

import json
from typing import Any

from mcpvcr.cassette import Cassette
from mcpvcr.fuzz.control import control_case, names_a_thing
from mcpvcr.fuzz.plan import PlanSettings, plan_calls
from mcpvcr.judge import judged
from mcpvcr.live.environment import starts_without_network

ID = {"type": "object", "properties": {"item_id": {"type": "string"}}, "required": ["item_id"]}
NUM = {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"]}


def _tool(name: str, schema: dict[str, Any], **annotations: Any) -> dict[str, Any]:
    tool: dict[str, Any] = {"name": name, "description": "A tool.", "inputSchema": schema}
    if annotations:
        tool["annotations"] = annotations
    return tool


def _text(text: str, *, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if error:
        result["isError"] = True
    return {"result": result}


def _call(target: str, case: str, arguments: Any, response: Any, *facts: str) -> dict[str, Any]:
    return {
        "method": "tools/call",
        "target": target,
        "case": case,
        "params": {"name": target, "arguments": arguments},
        "response": response,
        "facts": sorted({"guessed", *facts}),
        "latencyMs": 200,
    }


def _cassette(
    tools: list[dict[str, Any]], calls: list[dict[str, Any]], network: bool | None = None
) -> Cassette:
    c = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={},
        client_capabilities={},
        options={"fuzz": True},
    )
    c.body["tools"] = {"items": tools, "pageSizes": [len(tools)]}
    c.body["interactions"] = calls
    if network is not None:
        c.header["environment"] = {"network": network}
    return c


def _valid(c: Cassette, target: str = "get") -> dict[str, Any]:
    (item,) = [i for i in judged(c).interactions if i["target"] == target and i["case"] == "valid"]
    return item


def test_a_failure_shaped_like_the_control_is_no_such_thing_in_any_language() -> None:
    c = _cassette(
        [_tool("get", ID)],
        [
            _call(
                "get",
                "valid",
                {"item_id": "example"},
                _text("「example」は存在しません", error=True),
            ),
            _call(
                "get",
                "control:item_id",
                {"item_id": "mcpvcr-absent-zq1"},
                _text("「mcpvcr-absent-zq1」は存在しません", error=True),
            ),
        ],
    )
    item = _valid(c)
    assert (item["outcome"], item["by"]) == ("inconclusive", "oracle.control")
    assert not [i for i in judged(c).interactions if i["case"].startswith("control:")]


def test_a_failure_unlike_the_control_stays_a_failure() -> None:
    c = _cassette(
        [_tool("get", ID)],
        [
            _call("get", "valid", {"item_id": "example"}, _text("数据库崩溃", error=True)),
            _call(
                "get",
                "control:item_id",
                {"item_id": "mcpvcr-absent-zq1"},
                _text("找不到 mcpvcr-absent-zq1", error=True),
            ),
        ],
    )
    assert _valid(c)["outcome"] == "toolError"


def test_a_param_that_names_nothing_makes_not_found_a_failure() -> None:
    calls = [
        _call("add", "valid", {"a": 123}, _text("Error: value not found", error=True)),
        _call("add", "control:a", {"a": 8000}, _text("Error: value not found", error=True)),
    ]
    item = _valid(_cassette([_tool("add", NUM)], calls), "add")
    assert (item["outcome"], item["by"]) == ("toolError", "oracle.control")
    # Mirror: without a control, the English text still decides (the last resort).
    alone = _valid(_cassette([_tool("add", NUM)], calls[:1]), "add")
    assert (alone["outcome"], alone["by"]) == ("inconclusive", "text.guess")
    # Mirror: a rate limit on both calls blames the environment, not the value.
    limited = {"error": {"code": -32000, "message": "Rate limit exceeded. Try again later."}}
    calls = [
        _call("add", "valid", {"a": 123}, limited),
        _call("add", "control:a", {"a": 8000}, limited),
    ]
    item = _valid(_cassette([_tool("add", NUM)], calls), "add")
    assert (item["outcome"], item["by"]) == ("inconclusive", "text.environment")


def test_a_success_shaped_like_a_refusal_is_a_refusal_dressed_as_success() -> None:
    refusal = _text("Paramètre refusé", error=True)
    calls = [
        _call("get", "missing_required:item_id", {}, refusal, "malformed"),
        _call("get", "valid", {"item_id": "example"}, _text("Paramètre refusé")),
    ]
    item = _valid(_cassette([_tool("get", ID)], calls))
    assert "garbageAnswer" in item["flags"] and item["by"] == "oracle.refusal_template"
    calls[1] = _call("get", "valid", {"item_id": "example"}, _text("Objet trouvé: 42"))
    assert _valid(_cassette([_tool("get", ID)], calls))["flags"] == []


def _canned(control_text: str) -> Cassette:
    tools = [_tool("get", ID), _tool("find", ID)]
    calls = [
        _call("get", "valid", {"item_id": "example"}, _text("サービス停止中")),
        _call("get", "control:item_id", {"item_id": "zz-nonce"}, _text(control_text)),
        _call("find", "valid", {"item_id": "example"}, _text("サービス停止中")),
    ]
    return _cassette(tools, calls)


def test_one_canned_answer_for_every_tool_and_input_is_no_result() -> None:
    item = _valid(_canned("サービス停止中"))
    assert "garbageAnswer" in item["flags"] and item["by"] == "oracle.canned"
    assert "garbageAnswer" in _valid(_canned("サービス停止中"), "find")["flags"]
    # Mirror: the answer changed with the input, so it is a result.
    assert _valid(_canned("zz-nonce: 0 件"))["flags"] == []


def test_an_open_world_failure_without_network_is_inconclusive_by_fact() -> None:
    calls = [_call("get", "valid", {"item_id": "example"}, _text("kaput", error=True))]
    item = _valid(_cassette([_tool("get", ID)], calls, network=False))
    assert (item["outcome"], item["by"]) == ("inconclusive", "fact.no_network")
    closed = _tool("get", ID, openWorldHint=False)
    assert _valid(_cassette([closed], calls, network=False))["outcome"] == "toolError"
    assert _valid(_cassette([_tool("get", ID)], calls, network=True))["outcome"] == "toolError"


def test_no_network_does_not_replace_a_reason_of_the_calls_own() -> None:
    calls = [
        _call(
            "get", "valid", {"item_id": "example"}, _text("「example」は存在しません", error=True)
        ),
        _call(
            "get",
            "control:item_id",
            {"item_id": "mcpvcr-absent-zq1"},
            _text("「mcpvcr-absent-zq1」は存在しません", error=True),
        ),
    ]
    item = _valid(_cassette([_tool("get", ID)], calls, network=False))
    assert (item["outcome"], item["by"]) == ("inconclusive", "oracle.control")


def test_the_plan_adds_one_control_beside_each_guessed_valid_case() -> None:
    # Read-only tools: the plan calls them without a jail (MCP's annotation defaults).
    read_only = {"readOnlyHint": True}
    flag = _tool("flag", {"type": "object", "properties": {}}, **read_only)
    c = _cassette([_tool("get", ID, **read_only), flag], [])
    calls, _ = plan_calls(c, PlanSettings())
    cases = [(call.target, call.case) for call in calls]
    assert ("get", "control:item_id") in cases
    assert cases.index(("get", "control:item_id")) == cases.index(("get", "valid")) + 1
    assert not any(case.startswith("control:") for target, case in cases if target == "flag")
    pinned, _ = plan_calls(c, PlanSettings(pinned_arguments={"get": {"item_id": "real"}}))
    assert not any(call.case.startswith("control:") for call in pinned)


def test_control_values_keep_the_schema_and_the_type() -> None:
    enum = {"type": "object", "properties": {"m": {"type": "string", "enum": ["a", "b"]}}}
    assert control_case(_tool("t", enum), {"m": "a"}) is None
    flag = {"type": "object", "properties": {"on": {"type": "boolean"}}}
    assert control_case(_tool("t", flag), {"on": True}) is None
    case = control_case(_tool("t", ID), {"item_id": "example"})
    assert case is not None and case[0] == "control:item_id"
    assert isinstance(case[1]["item_id"], str) and case[1]["item_id"] != "example"
    assert names_a_thing("file_path", {"type": "string"})
    assert not names_a_thing("message", {"type": "string"})
    assert not names_a_thing("count", {"type": "integer"})


def test_a_command_in_a_namespace_without_network_is_known_offline() -> None:
    assert starts_without_network(["unshare", "-rn", "node", "server.js"])
    assert starts_without_network(["/usr/bin/unshare", "--net", "--", "python", "-m", "x"])
    assert not starts_without_network(["unshare", "-r", "node", "server.js"])
    assert not starts_without_network(["node", "server.js", "-n"])


def test_the_same_success_for_a_guess_and_a_nonce_proves_nothing() -> None:
    calls = [
        _call("get", "valid", {"item_id": "example"}, _text("Bitte ein Land angeben.")),
        _call("get", "control:item_id", {"item_id": "zz-1"}, _text("Bitte ein Land angeben.")),
    ]
    item = _valid(_cassette([_tool("get", ID)], calls))
    assert (item["outcome"], item["by"]) == ("inconclusive", "oracle.control")
    # Mirror: an answer about the thing it was asked for is a result, even for a nonce.
    calls = [
        _call("get", "valid", {"item_id": "example"}, _text("Widget example: blue")),
        _call("get", "control:item_id", {"item_id": "zz-1"}, _text("Widget zz-1: blue")),
    ]
    assert _valid(_cassette([_tool("get", ID)], calls))["outcome"] == "ok"


def _empty_store(output_schema: dict[str, Any] | None) -> Cassette:
    """Two read tools of an empty store: the same empty collection, whatever the input."""
    tools = [_tool("get", ID), _tool("find", ID)]
    if output_schema is not None:
        for tool in tools:
            tool["outputSchema"] = output_schema
    empty = {"items": [], "links": []}
    answer = _text(json.dumps(empty))
    answer["result"]["structuredContent"] = empty
    calls = [
        _call("get", "valid", {"item_id": "example"}, answer),
        _call("get", "control:item_id", {"item_id": "zz-nonce"}, answer),
        _call("find", "valid", {"item_id": "example"}, answer),
    ]
    return _cassette(tools, calls)


def test_a_typed_answer_that_keeps_the_output_schema_is_never_canned() -> None:
    schema = {
        "type": "object",
        "properties": {"items": {"type": "array"}, "links": {"type": "array"}},
        "required": ["items", "links"],
    }
    item = _valid(_empty_store(schema), "find")
    assert (item["outcome"], item["flags"]) == ("ok", [])
    # Mirror: without a declared contract the same answer from every tool is canned.
    assert _valid(_empty_store(None))["by"] == "oracle.canned"


def test_a_refusal_the_valid_call_got_too_is_no_evidence_about_bad_input() -> None:
    schema = {
        "type": "object",
        "properties": {"kind": {"type": "string"}, "every": {"type": "integer"}},
        "required": ["kind"],
    }
    base = "la commande est requise pour les tâches shell"  # the server needs what is undeclared
    calls = [
        _call("add", "valid", {"kind": "shell"}, _text(base, error=True)),
        _call(
            "add",
            "wrong_type:every",
            {"kind": "shell", "every": "x"},
            _text(base, error=True),
            "malformed",
        ),
        _call(
            "add", "null:kind", {"kind": None}, _text("kind: nul interdit", error=True), "malformed"
        ),
    ]
    items = {i["case"]: i for i in judged(_cassette([_tool("add", schema)], calls)).interactions}
    assert (items["wrong_type:every"]["outcome"], items["wrong_type:every"]["by"]) == (
        "inconclusive",
        "oracle.base_refusal",
    )
    # Mirror: a refusal that differs from the base call's is about the bad input.
    assert items["null:kind"]["outcome"] == "toolError"


def test_a_refusal_shaped_like_the_control_is_no_evidence_about_bad_input() -> None:
    # the valid call works on a harvested id; a malformed case still carries the guessed one
    # and gets the control's "no such thing" as a JSON-RPC error with the server's own code
    strict = {**ID, "additionalProperties": False}
    missing = {"error": {"code": -32000, "message": "SPEC_NOT_FOUND: {}"}}

    def gone(value: str) -> dict[str, Any]:
        return {"error": {**missing["error"], "message": f"SPEC_NOT_FOUND: {value}"}}

    calls = [
        _call("get", "valid", {"item_id": "001-real"}, _text("# 001-real\nbody")),
        _call(
            "get", "control:item_id", {"item_id": "mcpvcr-absent-zq1"}, gone("mcpvcr-absent-zq1")
        ),
        _call(
            "get",
            "extra_garbage",
            {"item_id": "042-guess", "zz": 1},
            gone("042-guess"),
            "malformed",
        ),
        _call(
            "get",
            "wrong_type:item_id",
            {"item_id": 7},
            {"error": {"code": -32000, "message": "bad type"}},
            "malformed",
        ),
    ]
    items = {i["case"]: i for i in judged(_cassette([_tool("get", strict)], calls)).interactions}
    extra = items["extra_garbage"]
    assert (extra["outcome"], extra["by"]) == ("inconclusive", "oracle.base_refusal")
    assert "wrongErrorCode" not in extra.get("flags", [])
    # Mirror: a refusal unlike the control's is about the bad input, code and all.
    assert items["wrong_type:item_id"]["outcome"] != "inconclusive"
    assert "wrongErrorCode" in items["wrong_type:item_id"].get("flags", [])


DATE = {
    "type": "object",
    "properties": {"start_date": {"type": "string"}},
    "required": ["start_date"],
}
NONE: dict[str, Any] = {"type": "object", "properties": {}}
BROKEN = "Fehler in {tool}: Name 'tz' ist nicht definiert"  # the same for every input


def _broken(tool: str) -> dict[str, Any]:
    return _text(BROKEN.format(tool=tool), error=True)


def test_a_date_answered_like_a_nonce_is_no_guess_to_blame() -> None:
    calls = [
        _call("shift", "valid", {"start_date": "2024-01-15"}, _broken("shift")),
        _call("shift", "control:start_date", {"start_date": "zq-nonce"}, _broken("shift")),
        _call("get", "valid", {"item_id": "example"}, _broken("get")),
        _call("get", "control:item_id", {"item_id": "mcpvcr-absent-zq1"}, _broken("get")),
    ]
    judged_ = judged(_cassette([_tool("shift", DATE), _tool("get", ID)], calls, network=False))
    verdicts = {i["target"]: (i["outcome"], i["by"]) for i in judged_.interactions}
    # the date one never read its input; the name one fails the very same way
    assert verdicts == {
        "shift": ("toolError", "oracle.same_failure"),
        "get": ("toolError", "oracle.same_failure"),
    }
    # Mirror: alone, the name's failure shaped like its control's stays "no such thing".
    assert _valid(_cassette([_tool("get", ID)], calls[2:]))["by"] == "oracle.control"


def test_one_failure_for_a_call_that_guessed_nothing_is_the_servers_even_offline() -> None:
    sql = {"error": {"code": -32603, "message": 'execution failed: near "%": syntax error'}}
    calls = [
        _call("timeline", "valid", {}, sql),
        _call("item_timeline", "valid", {"item_id": "example"}, sql),
    ]
    tools = [_tool("timeline", NONE), _tool("item_timeline", ID)]
    judged_ = judged(_cassette(tools, calls, network=False))
    assert {(i["outcome"], i["by"]) for i in judged_.interactions} == {
        ("toolError", "oracle.same_failure")
    }
    # Mirror: a tool that declares it reaches the world is still excused offline.
    declared = [_tool("timeline", NONE, openWorldHint=True), _tool("item_timeline", ID)]
    item = _valid(_cassette(declared, calls, network=False), "timeline")
    assert (item["outcome"], item["by"]) == ("inconclusive", "fact.no_network")
    # Mirror: an answer blamed on the network keeps its excuse.
    down = {"error": {"code": -32603, "message": "getaddrinfo ENOTFOUND api.example.com"}}
    calls = [_call("timeline", "valid", {}, down), _call("item_timeline", "valid", {}, down)]
    item = _valid(_cassette(tools, calls, network=False), "timeline")
    assert (item["outcome"], item["by"]) == ("inconclusive", "text.environment")


def test_the_same_not_found_for_guessed_names_in_many_tools_stays_inconclusive() -> None:
    not_found = _text("Nicht gefunden.", error=True)
    calls = [
        _call(name, case, {"item_id": value}, not_found)
        for name in ("get_user", "get_order")
        for case, value in (("valid", "example"), ("control:item_id", "mcpvcr-absent-zq1"))
    ]
    judged_ = judged(_cassette([_tool("get_user", ID), _tool("get_order", ID)], calls))
    assert {(i["outcome"], i["by"]) for i in judged_.interactions} == {
        ("inconclusive", "oracle.control")
    }
