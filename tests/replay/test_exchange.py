"""Replaying what a server said to its client mid-call, version negotiation, list order."""

from __future__ import annotations

import asyncio
from typing import Any

from mcpvcr.replay.modes import RecordMode
from mcpvcr.replay.peer import Peer
from mcpvcr.replay.responder import METHOD_NOT_FOUND, REPLAY_MISS, Responder, Send
from tests.replay.test_responder import cassette, interaction

SAMPLING = {"method": "sampling/createMessage", "params": {"maxTokens": 5, "messages": []}}
SAMPLED = {"result": {"role": "assistant", "content": {"type": "text", "text": "4"}}}


def recorded_with(exchange: list[dict[str, Any]]) -> Responder:
    recorded = cassette()
    call = interaction("t4", {}, {"result": {"content": [{"type": "text", "text": "done"}]}})
    call["exchange"] = exchange
    recorded.body["interactions"] = [call]
    return Responder(recorded, replay_latency=False)


class Client:
    """A connected client: collects what the replay sends it and answers its requests."""

    def __init__(self, answer: dict[str, Any] | None, **capabilities: Any) -> None:
        self.peer = Peer(capabilities=capabilities)
        self.answer = answer
        self.seen: list[dict[str, Any]] = []

    async def out(self, message: dict[str, Any]) -> None:
        self.seen.append(message)
        if "id" in message and self.answer is not None:
            reply = {"jsonrpc": "2.0", "id": message["id"], **self.answer}
            asyncio.get_running_loop().call_soon(self.peer.resolve, reply)

    def call(self, responder: Responder, meta: dict[str, Any] | None = None) -> Any:
        params: dict[str, Any] = {"name": "t4", "arguments": {}}
        if meta is not None:
            params["_meta"] = meta
        message = {"jsonrpc": "2.0", "id": 7, "method": "tools/call", "params": params}
        return asyncio.run(responder.answer(message, self.peer, self.out))


def test_notifications_are_replayed_before_the_answer_with_this_requests_token() -> None:
    progress = {"method": "notifications/progress", "params": {"progressToken": 1, "progress": 5}}
    log = {"method": "notifications/message", "params": {"level": "info", "data": "hi"}}
    changed = {"method": "notifications/tools/list_changed"}
    responder = recorded_with([{"notification": n} for n in (log, progress, changed)])
    client = Client(None)
    answer = client.call(responder, meta={"progressToken": "mine"})
    assert isinstance(answer, Send) and answer.message["result"]["content"][0]["text"] == "done"
    assert [m["method"] for m in client.seen] == [
        "notifications/message",
        "notifications/progress",
        "notifications/tools/list_changed",
    ]
    assert client.seen[1]["params"] == {"progressToken": "mine", "progress": 5}


def test_progress_is_not_sent_to_a_client_that_asked_for_none() -> None:
    progress = {"method": "notifications/progress", "params": {"progressToken": 1, "progress": 5}}
    client = Client(None)
    client.call(recorded_with([{"notification": progress}]))
    assert client.seen == []


def test_a_recorded_request_is_asked_and_the_same_answer_gets_the_recorded_result() -> None:
    client = Client(SAMPLED, sampling={})
    answer = client.call(recorded_with([{"request": SAMPLING, "reply": SAMPLED}]))
    assert client.seen[0]["method"] == "sampling/createMessage"
    assert client.seen[0]["params"] == SAMPLING["params"]
    assert "result" in answer.message


def test_a_different_answer_is_a_replay_miss_naming_both() -> None:
    other = {"result": {"role": "assistant", "content": {"type": "text", "text": "5"}}}
    client = Client(other, sampling={})
    answer = client.call(recorded_with([{"request": SAMPLING, "reply": SAMPLED}]))
    error = answer.message["error"]
    assert error["code"] == REPLAY_MISS
    assert "answered sampling/createMessage differently" in error["message"]
    assert '"text":"4"' in error["message"] and '"text":"5"' in error["message"]


def test_a_client_without_the_capability_is_never_asked() -> None:
    client = Client(SAMPLED)  # declared nothing
    answer = client.call(recorded_with([{"request": SAMPLING, "reply": SAMPLED}]))
    assert client.seen == []
    assert "'sampling' capability this client did not declare" in answer.message["error"]["message"]


def test_initialize_answers_an_older_offered_version_as_sdk_servers_do() -> None:
    responder = Responder(cassette())
    peer = Peer()

    def offer(version: str) -> Any:
        params = {"protocolVersion": version, "capabilities": {"roots": {}}, "clientInfo": {}}
        message = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": params}
        return asyncio.run(responder.answer(message, peer)).message["result"]["protocolVersion"]

    assert offer("2024-11-05") == "2024-11-05"
    assert peer.capabilities == {"roots": {}}
    assert offer("2025-11-25") == "2025-11-25"
    assert offer("2099-01-01") == "2025-11-25"  # unknown: the recorded server's own


def test_lists_come_back_in_the_servers_order() -> None:
    recorded = cassette()
    recorded.body["tools"]["order"] = ["t3", "t0", "t4", "t1", "t2"]
    responder = Responder(recorded)
    names = []
    cursor = None
    for _ in range(3):
        params = {"cursor": cursor} if cursor else None
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
        if params:
            message["params"] = params
        result = asyncio.run(responder.answer(message)).message["result"]
        names += [tool["name"] for tool in result["tools"]]
        cursor = result.get("nextCursor")
    assert names == ["t3", "t0", "t4", "t1", "t2"]


def test_an_order_that_does_not_fit_the_items_is_ignored() -> None:
    recorded = cassette()
    recorded.body["tools"]["order"] = ["t3", "nope"]
    message = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    result = asyncio.run(Responder(recorded).answer(message)).message["result"]
    assert [tool["name"] for tool in result["tools"]] == ["t0", "t1"]


def test_unrecorded_methods_follow_the_recorded_capabilities() -> None:
    responder = Responder(cassette())  # capabilities: tools only

    def code(method: str, params: Any) -> Any:
        message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
        answer = asyncio.run(responder.answer(message)).message
        return answer.get("error", {}).get("code", "ok")

    assert code("resources/subscribe", {"uri": "x://y"}) == METHOD_NOT_FOUND
    assert code("completion/complete", {}) == METHOD_NOT_FOUND
    assert code("vendor/thing", {}) == METHOD_NOT_FOUND
    assert code("logging/setLevel", {"level": "debug"}) == "ok"
    assert code("tools/call", {"name": "t9", "arguments": {}}) == REPLAY_MISS


def test_recorded_generic_methods_are_replayed() -> None:
    recorded = cassette()
    recorded.server["capabilities"] = {"completions": {}}
    done = {"result": {"completion": {"values": ["paris"], "hasMore": False}}}
    complete = {
        "method": "completion/complete",
        "target": "",
        "case": "replay",
        "params": {"ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "a"}},
        "response": done,
    }
    recorded.body["interactions"] = [complete]
    message = {"jsonrpc": "2.0", "id": 3, "method": "completion/complete"}
    message["params"] = complete["params"]
    answer = asyncio.run(Responder(recorded, replay_latency=False).answer(message))
    assert answer.message["result"] == done["result"]
    message["params"] = {"ref": {"type": "ref/prompt", "name": "p"}, "argument": {"name": "b"}}
    answer = asyncio.run(Responder(recorded, replay_latency=False).answer(message))
    assert answer.message["error"]["code"] == REPLAY_MISS


class FakeUpstream:
    """Stands in for a live session: records what was forwarded."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, bool]] = []

    async def wait_ready(self) -> None:
        return None

    async def call(self, method: str, params: Any, out: Any, *, keep: bool = True) -> Any:
        self.calls.append((method, keep))
        response = {"result": {"live": True}}
        return {"method": method, "params": params, "response": response}


def test_recorded_session_state_still_reaches_the_live_session() -> None:
    recorded = cassette()
    set_level = {
        "method": "logging/setLevel",
        "target": "",
        "case": "replay",
        "params": {"level": "debug"},
        "response": {"result": {}},
    }
    recorded.body["interactions"].append(set_level)
    responder = Responder(recorded, mode=RecordMode.NEW_EPISODES, replay_latency=False)
    upstream = FakeUpstream()
    peer = Peer(upstream=upstream)

    def send(method: str, params: Any) -> Any:
        message = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
        return asyncio.run(responder.answer(message, peer)).message

    assert send("logging/setLevel", {"level": "debug"}) == {"jsonrpc": "2.0", "id": 1, "result": {}}
    assert send("tools/call", {"name": "t0", "arguments": {"a": 1}})["result"]["isError"]
    # the recorded setLevel went live without being kept again; the recorded call did not
    assert upstream.calls == [("logging/setLevel", False)]
    assert send("tools/call", {"name": "new", "arguments": {}})["result"] == {"live": True}
    assert upstream.calls[-1] == ("tools/call", True)


def test_an_answer_reaches_its_request_whatever_session_it_names() -> None:
    from mcpvcr.replay.http import _Sessions

    sessions = _Sessions()
    _, asked = sessions.new()
    _, other = sessions.new()

    async def scenario() -> dict[str, Any]:
        sent: list[dict[str, Any]] = []

        async def out(message: dict[str, Any]) -> None:
            sent.append(message)

        waiting = asyncio.ensure_future(asked.ask(out, "roots/list", None, timeout=5))
        await asyncio.sleep(0)
        answer = {"jsonrpc": "2.0", "id": sent[0]["id"], "result": {"roots": []}}
        sessions.resolve(answer, other)  # the client sent another session's id
        return await waiting

    assert asyncio.run(scenario()) == {"result": {"roots": []}}
