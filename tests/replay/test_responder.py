"""The replay responder answers exactly what the cassette holds."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from mcpvcr.cassette import Cassette
from mcpvcr.replay.matching import RequestKey, closest, validate_match_on
from mcpvcr.replay.peer import Peer
from mcpvcr.replay.responder import (
    REPLAY_MISS,
    Close,
    Responder,
    Send,
    SendMany,
    Silence,
    _replay_delay,
)

SERVER = {
    "protocolVersion": "2025-11-25",
    "serverInfo": {"name": "demo", "version": "1.0"},
    "capabilities": {"tools": {}, "x-vendor": True},
}


def interaction(name: str, arguments: Any, response: dict[str, Any]) -> dict[str, Any]:
    return {
        "method": "tools/call",
        "target": name,
        "case": "valid",
        "params": {"name": name, "arguments": arguments},
        "response": response,
        "outcome": "ok",
        "flags": [],
        "latencyMs": 200,
    }


def cassette(handshake: str = "initialize") -> Cassette:
    recorded = Cassette.new(
        transport="stdio",
        handshake=handshake,
        protocol_version="2025-11-25",
        client_info={"name": "mcpvcr", "version": "0"},
        client_capabilities={},
        server=SERVER,
    )
    recorded.body["tools"] = {
        "items": [{"name": f"t{i}", "inputSchema": {"type": "object"}} for i in range(5)],
        "pageSizes": [2, 2, 1],
        "extra": {"x-list-extra": "kept"},
    }
    recorded.body["prompts"] = {
        "items": [],
        "pageSizes": [],
        "error": {"code": -32601, "message": "nope"},
    }
    recorded.body["negotiation"] = [
        {"method": "server/discover", "error": {"code": -32601, "message": "Method not found"}},
        {"method": "initialize", "result": SERVER},
    ]
    recorded.body["interactions"] = [
        interaction("t0", {"a": 1}, {"result": {"content": [], "isError": True, "x-odd": 2**70}}),
        interaction("t1", {"a": 1}, {"error": {"code": -32602, "message": "bad", "data": [1]}}),
        interaction("t2", {}, {"timeout": 10}),
        interaction("t3", {}, {"closed": "server exited with status 1"}),
    ]
    return recorded


def ask(responder: Responder, method: str, params: Any = None, ident: Any = 1) -> Any:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": ident, "method": method}
    if params is not None:
        message["params"] = params
    return asyncio.run(responder.answer(message))


def test_handshakes_replay_the_recorded_negotiation() -> None:
    responder = Responder(cassette())
    init = ask(responder, "initialize", {"protocolVersion": "2025-11-25"})
    assert isinstance(init, Send) and init.message["result"] == SERVER
    discover = ask(responder, "server/discover")
    assert isinstance(discover, Send) and discover.message["error"]["code"] == -32601


def test_lists_are_paged_as_recorded_with_unknown_fields_kept() -> None:
    responder = Responder(cassette())
    names: list[str] = []
    cursor = None
    pages = 0
    while True:
        answer = ask(responder, "tools/list", {"cursor": cursor} if cursor else None)
        assert isinstance(answer, Send)
        result = answer.message["result"]
        assert result["x-list-extra"] == "kept"
        names += [tool["name"] for tool in result["tools"]]
        pages += 1
        cursor = result.get("nextCursor")
        if cursor is None:
            break
    assert pages == 3 and names == ["t0", "t1", "t2", "t3", "t4"]


def test_bad_cursor_is_invalid_params() -> None:
    answer = ask(Responder(cassette()), "tools/list", {"cursor": "forged"})
    assert isinstance(answer, Send) and answer.message["error"]["code"] == -32602


def test_list_errors_are_replayed() -> None:
    answer = ask(Responder(cassette()), "prompts/list")
    assert isinstance(answer, Send) and answer.message["error"] == {
        "code": -32601,
        "message": "nope",
    }


def test_calls_replay_results_and_errors_verbatim() -> None:
    responder = Responder(cassette())
    ok = ask(responder, "tools/call", {"name": "t0", "arguments": {"a": 1}, "_meta": {"x": 1}}, 7)
    assert isinstance(ok, Send)
    assert ok.message == {
        "jsonrpc": "2.0",
        "id": 7,
        "result": {"content": [], "isError": True, "x-odd": 2**70},
    }
    error = ask(responder, "tools/call", {"name": "t1", "arguments": {"a": 1}})
    assert isinstance(error, Send) and error.message["error"]["data"] == [1]


def test_recorded_timeout_is_silence_and_recorded_death_closes() -> None:
    responder = Responder(cassette())
    assert isinstance(ask(responder, "tools/call", {"name": "t2", "arguments": {}}), Silence)
    closed = ask(responder, "tools/call", {"name": "t3", "arguments": {}})
    assert isinstance(closed, Close) and "status 1" in closed.reason


def test_notifications_get_no_answer() -> None:
    message = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    assert isinstance(asyncio.run(Responder(cassette()).answer(message)), Silence)


def test_miss_lists_the_closest_recorded_interactions() -> None:
    responder = Responder(cassette(), cassette_path="cassettes/demo.mcpvcr")
    answer = ask(responder, "tools/call", {"name": "t0", "arguments": {"a": 2}})
    assert isinstance(answer, Send)
    error = answer.message["error"]
    assert error["code"] == REPLAY_MISS
    lines = error["message"].splitlines()
    assert "replay miss in cassettes/demo.mcpvcr (record mode 'none')" in lines[0]
    assert "tools/call t0" in lines[1]
    assert "1. tools/call t0" in lines[3] and "failed: arguments" in lines[3]


def test_relaxed_matching_ignores_arguments() -> None:
    responder = Responder(cassette(), match_on=validate_match_on(["target"]))
    answer = ask(responder, "tools/call", {"name": "t0", "arguments": {"anything": True}})
    assert isinstance(answer, Send) and answer.message["result"]["isError"] is True


def test_unknown_matcher_is_refused() -> None:
    with pytest.raises(ValueError, match="valid: method, target, arguments"):
        validate_match_on(["method", "body"])


def test_closest_ranks_by_matched_count() -> None:
    recorded = [
        RequestKey.of("tools/call", {"name": "other", "arguments": {}}),
        RequestKey.of("tools/call", {"name": "t", "arguments": {"a": 1}}),
        RequestKey.of("prompts/get", {"name": "t", "arguments": {"a": 2}}),
    ]
    request = RequestKey.of("tools/call", {"name": "t", "arguments": {"a": 2}})
    near = closest(request, recorded, ("method", "target", "arguments"))
    assert [miss.key.target for miss in near] == ["t", "other"]
    assert near[0].failed == ("arguments",)


def test_unknown_method_is_method_not_found() -> None:
    answer = ask(Responder(cassette()), "completion/complete", {})
    assert isinstance(answer, Send) and answer.message["error"]["code"] == -32601


def test_recorded_server_requests_are_asked_after_initialized() -> None:
    recorded = cassette()
    recorded.body["diagnostics"] = {"serverRequests": ["roots/list", "sampling/createMessage"]}
    message = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    peer = Peer(capabilities={"roots": {}})
    answer = asyncio.run(Responder(recorded).answer(message, peer))
    assert isinstance(answer, SendMany)
    # sampling was not declared by this client: a server may not ask it
    assert [m["method"] for m in answer.messages] == ["roots/list"]
    assert all("id" in m for m in answer.messages)


def test_a_client_without_roots_is_never_asked_for_them() -> None:
    recorded = cassette()
    recorded.body["diagnostics"] = {"serverRequests": ["roots/list"]}
    message = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    answer = asyncio.run(Responder(recorded).answer(message, Peer(capabilities={})))
    assert isinstance(answer, Silence)


def test_recorded_latency_is_waited_out_inside_its_bucket() -> None:
    assert _replay_delay(200) == 0.0
    assert 0.2 < _replay_delay(300) <= 0.25
    assert 5.0 < _replay_delay(10000) <= 5.1
    assert _replay_delay("fast") == 0.0


def test_discover_result_gets_server_info_back_in_meta() -> None:
    recorded = cassette(handshake="server/discover")
    recorded.body["negotiation"] = [{"method": "server/discover", "result": {"x": 1}}]
    answer = ask(Responder(recorded), "server/discover")
    assert isinstance(answer, Send)
    meta = answer.message["result"]["_meta"]
    assert meta["io.modelcontextprotocol/serverInfo"] == SERVER["serverInfo"]
