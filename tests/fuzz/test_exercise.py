"""The behavioural pass over an in-memory fake Connection."""

from __future__ import annotations

import asyncio
import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.cassette import (
    INTERACTION_KEYS,
    LATENCY_LADDER_MS,
    TIMED_OUT_LATENCY_MS,
    Cassette,
)
from mcpvcr.codec import decode, encode
from mcpvcr.errors import UsageError
from mcpvcr.judge import judged
from mcpvcr.live.exercise import exercise
from mcpvcr.live.wire import Reply
from mcpvcr.recording import RecordOptions

OBJ = {"type": "object"}


def _tool(name: str, props: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "inputSchema": {**OBJ, "properties": props, "required": required},
        **extra,
    }


TOOLS = [
    _tool("echo", {"message": {"type": "string"}}, ["message"]),
    _tool("add", {"a": {"type": "integer"}, "b": {"type": "integer"}}, ["a", "b"]),
    _tool("wipe", {"path": {"type": "string"}}, ["path"], annotations={"destructiveHint": True}),
    _tool(
        "clock",
        {},
        [],
        outputSchema={
            "type": "object",
            "properties": {"now": {"type": "string"}},
            "required": ["now"],
        },
    ),
    _tool("strict", {"n": {"type": "integer", "minimum": 1}}, ["n"]),
]


class FakeServer:
    """Emulates a server on the Connection interface, answering out of order."""

    def __init__(self, marker: Path | None = None, die_on: str | None = None) -> None:
        self.marker = marker
        self.die_on = die_on
        self.dead: str | None = None
        self.in_flight = 0
        self.max_in_flight = 0
        self.calls: list[tuple[str, Any]] = []

    async def request(self, method: str, params: dict[str, Any] | None, timeout: float) -> Reply:
        self.in_flight += 1
        self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            # A deterministic jitter so answers complete in a scrambled order.
            digest = hashlib.sha256(json.dumps(params, sort_keys=True).encode()).digest()
            await asyncio.sleep(digest[0] / 25500)
            if self.dead:
                return Reply(closed=self.dead)
            self.calls.append((method, params))
            return self._answer(method, params or {})
        finally:
            self.in_flight -= 1

    def _answer(self, method: str, params: dict[str, Any]) -> Reply:
        if method == "resources/read":
            return Reply(
                result={"contents": [{"uri": params["uri"], "text": "hello"}]}, seconds=0.01
            )
        if method == "prompts/get":
            return Reply(
                result={
                    "messages": [{"role": "user", "content": {"type": "text", "text": str(params)}}]
                }
            )
        name, args = params["name"], params["arguments"]
        if name == self.die_on:
            self.dead = "server exited with code 1"
            return Reply(closed=self.dead)
        if name == "wipe":
            assert self.marker is not None
            self.marker.write_text("called")
            return _text("wiped")
        if name == "echo":
            if not isinstance(args.get("message"), str):
                return Reply(error={"code": -32602, "message": "Invalid params"})
            return _text(
                f"{args['message']} at 2026-11-30T04:24:06Z"
            )  # unknown keys silently dropped
        if name == "add":
            if not all(isinstance(args.get(k), int) for k in "ab"):
                return Reply(
                    result={
                        "isError": True,
                        "content": [{"type": "text", "text": "a and b must be integers"}],
                    }
                )
            return _text(str(args["a"] + args["b"]))
        if name == "clock":
            return _text("no structured content")
        if name == "strict":
            return (
                Reply(timed_out=True, seconds=2.0)
                if args.get("n") == 0
                else _text("fine", seconds=0.25)
            )
        return Reply(error={"code": -32601, "message": "unknown tool"})


def _text(text: str, seconds: float = 0.001) -> Reply:
    return Reply(result={"content": [{"type": "text", "text": text}]}, seconds=seconds)


def _cassette() -> Cassette:
    cassette = Cassette.new(
        transport="stdio",
        handshake="initialize",
        protocol_version="2025-11-25",
        client_info={},
        client_capabilities={},
    )
    cassette.body["tools"]["items"] = list(TOOLS)
    cassette.body["resources"]["items"] = [
        {"uri": "mem://b", "name": "b"},
        {"uri": "mem://a", "name": "a"},
    ]
    cassette.body["prompts"]["items"] = [
        {"name": "greet", "arguments": [{"name": "language", "required": True}, {"name": "style"}]}
    ]
    return cassette


def _run(server: FakeServer, **options: Any) -> Any:
    return asyncio.run(exercise(server, _cassette(), RecordOptions(fuzz=True, **options)))


def _judged(result: Any) -> list[dict[str, Any]]:
    """The recorded interactions with the judge's verdicts (the recorder stores none)."""
    cassette = _cassette()
    cassette.body["interactions"] = list(result.interactions)
    return judged(cassette).interactions


def _by_case(result: Any) -> dict[tuple[str, str], dict[str, Any]]:
    return {(item["target"], item["case"]): item for item in _judged(result)}


def test_interactions_shape_order_and_classification(tmp_path: Path) -> None:
    result = _run(FakeServer(tmp_path / "marker"), concurrency=4)
    assert result.died is None
    assert all(
        tuple(item) == INTERACTION_KEYS or set(item) == set(INTERACTION_KEYS)
        for item in result.interactions
    )
    assert not any("outcome" in item or "flags" in item for item in result.interactions)
    order = [(i["method"], i["target"]) for i in result.interactions]
    methods = [m for m, _t in order]
    assert methods == sorted(methods, key=["tools/call", "resources/read", "prompts/get"].index)
    tool_targets = [t for m, t in order if m == "tools/call"]
    # Exercise order: the producer (`add`) first, then the rest by name.
    assert list(dict.fromkeys(tool_targets)) == ["add", "clock", "echo", "strict"]
    assert [t for m, t in order if m == "resources/read"] == ["mem://a", "mem://b"]
    cases = _by_case(result)
    echo_valid = cases[("echo", "valid")]
    assert echo_valid["params"] == {"name": "echo", "arguments": {"message": "Hello from mcpvcr"}}
    assert echo_valid["response"] == {
        "result": {"content": [{"type": "text", "text": "Hello from mcpvcr at <timestamp>"}]}
    }
    assert (echo_valid["outcome"], echo_valid["flags"], echo_valid["latencyMs"]) == ("ok", [], 200)
    assert cases[("echo", "wrong_type:message")]["outcome"] == "rejected"
    # echo's schema is open: an unknown key is lenient, not a silent accept.
    assert cases[("echo", "extra_garbage")]["flags"] == ["lenient"]
    assert cases[("add", "wrong_type:a")]["outcome"] == "toolError"
    assert cases[("clock", "valid")]["flags"] == ["outputSchemaViolation"]
    assert cases[("strict", "below_minimum:n")]["outcome"] == "timeout"
    assert cases[("strict", "below_minimum:n")]["response"] == {"timeout": True}
    assert cases[("strict", "valid")]["latencyMs"] == 300
    assert cases[("greet", "get")]["params"] == {"name": "greet", "arguments": {"language": "en"}}
    assert result.coverage == {
        "tools": 5,
        "fuzzed": 4,
        "skippedDestructive": ["wipe"],
        "skippedOverCap": [],
        "noValidCase": {},
        "cases": len([i for i in result.interactions if i["method"] == "tools/call"]),
        "resources": 2,
        "skippedResourcesOverCap": 0,
        "prompts": 1,
        "unsent": 0,
    }


def test_destructive_tool_never_called_by_default(tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    server = FakeServer(marker)
    _run(server)
    assert not marker.exists()
    assert all(params.get("name") != "wipe" for _m, params in server.calls)
    _run(FakeServer(marker), fuzz_destructive=True)
    assert marker.read_text() == "called"


def test_concurrency_one_and_eight_record_identical_bytes(tmp_path: Path) -> None:
    one_server, eight_server = FakeServer(tmp_path / "m1"), FakeServer(tmp_path / "m8")
    one = _run(one_server, concurrency=1)
    eight = _run(eight_server, concurrency=8)
    assert one_server.max_in_flight == 1
    assert 1 < eight_server.max_in_flight <= 8
    assert one_server.calls != eight_server.calls  # completion order really differed
    encoded = []
    for result in (one, eight):
        cassette = _cassette()
        cassette.body["interactions"] = result.interactions
        cassette.body["coverage"] = result.coverage
        encoded.append(encode(cassette))
    assert encoded[0] == encoded[1]
    assert decode(encoded[0]).interactions == one.interactions


def test_max_tools_caps_by_name_and_max_resources() -> None:
    result = _run(FakeServer(), max_tools=2, max_resources=1)
    assert result.coverage["skippedOverCap"] == ["echo", "strict"]
    assert {i["target"] for i in result.interactions if i["method"] == "tools/call"} == {
        "add",
        "clock",
    }
    assert [i["target"] for i in result.interactions if i["method"] == "resources/read"] == [
        "mem://a"
    ]
    assert result.coverage["skippedResourcesOverCap"] == 1


def test_server_dying_keeps_what_was_recorded_and_stops() -> None:
    server = FakeServer(die_on="clock")
    result = _run(server, concurrency=1)
    assert result.died == "server exited with code 1"
    assert result.interactions[-1]["target"] == "clock"
    assert _judged(result)[-1]["outcome"] == "protocolCrash"
    assert result.interactions[-1]["response"] == {"closed": "server exited with code 1"}
    assert {i["target"] for i in result.interactions} == {"add", "clock"}
    assert result.interactions[-2]["target"] == "add"
    # nothing was sent after the call that found the server dead
    assert len(server.calls) == len(result.interactions)


def test_pinned_arguments_and_seed_recorded_cases() -> None:
    result = _run(FakeServer(), pinned_arguments={"echo": {"message": "pinned"}})
    assert _by_case(result)[("echo", "valid")]["params"]["arguments"] == {"message": "pinned"}


def test_bad_scrub_pattern_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="scrub pattern"):
        _run(FakeServer(), scrub_patterns=("(",))


def test_keep_volatile_keeps_timestamps() -> None:
    result = _run(FakeServer(), keep_volatile=True)
    text = _by_case(result)[("echo", "valid")]["response"]["result"]["content"][0]["text"]
    assert text.endswith("2026-11-30T04:24:06Z")


def test_malformed_list_items_are_skipped_not_fatal() -> None:
    cassette = _cassette()
    cassette.body["tools"]["items"] = [
        "not a tool",
        {"name": 42},
        {"name": "odd", "inputSchema": [], "annotations": "yes", "outputSchema": {"type": 7}},
        {"name": "odd", "inputSchema": {}},  # duplicate name: the first one wins
    ]
    cassette.body["resources"]["items"] = [{"uri": None}, 3]
    cassette.body["prompts"]["items"] = [
        {"name": "p", "arguments": "nope"},
        {"name": "q", "arguments": [1, {"name": 2}]},
    ]
    result = asyncio.run(exercise(FakeServer(), cassette, RecordOptions(fuzz=True)))
    assert [(i["target"], i["case"]) for i in result.interactions] == [
        ("odd", "valid"),
        ("odd", "empty_args"),
        ("odd", "extra_garbage"),
        ("p", "get"),
        ("q", "get"),
    ]
    assert result.coverage["tools"] == 1


class HungServer(FakeServer):
    """Answers nothing: every call times out (at once, so the test is fast)."""

    async def request(self, method: str, params: dict[str, Any] | None, timeout: float) -> Reply:
        self.calls.append((method, params))
        return Reply(timed_out=True, seconds=timeout)


def test_hung_server_counts_as_dead() -> None:
    server = HungServer()
    result = _run(server, concurrency=1)
    assert result.died == "stopped answering: 10 calls in a row timed out"
    assert len(result.interactions) == 10
    assert all(item["outcome"] == "timeout" for item in _judged(result))
    assert len(server.calls) == 10


def test_timed_out_calls_do_not_record_the_timeout_option() -> None:
    # --timeout changes how long a recording takes, never its bytes: neither the
    # response nor the latency bucket may encode it.
    short = _run(HungServer(), concurrency=1, timeout=3.0)
    long = _run(HungServer(), concurrency=1, timeout=7.0)
    assert short.interactions == long.interactions
    first = short.interactions[0]
    assert first["response"] == {"timeout": True}
    assert first["latencyMs"] == TIMED_OUT_LATENCY_MS == LATENCY_LADDER_MS[-1]


def test_time_budget_stops_starting_calls(monkeypatch: pytest.MonkeyPatch) -> None:
    import mcpvcr.live.exercise as module

    monkeypatch.setattr(module, "_budget", lambda timeout: -1.0)
    server = FakeServer()
    result = _run(server)
    assert server.calls == []
    assert result.interactions == []
    assert result.coverage["unsent"] == result.coverage["cases"] + 3  # + 2 reads + 1 get
    assert result.died is None


class _Overlap(FakeServer):
    """Notes the largest number of tools/call requests of each kind in flight at once."""

    def __init__(self) -> None:
        super().__init__()
        self.calls_in_flight = 0
        self.max_calls_in_flight = 0

    async def request(self, method: str, params: dict[str, Any] | None, timeout: float) -> Reply:
        if method != "tools/call":
            return await super().request(method, params, timeout)
        self.calls_in_flight += 1
        self.max_calls_in_flight = max(self.max_calls_in_flight, self.calls_in_flight)
        try:
            return await super().request(method, params, timeout)
        finally:
            self.calls_in_flight -= 1


def test_tools_that_may_change_state_never_overlap_and_reads_still_do() -> None:
    # None of TOOLS is annotated readOnlyHint: every tools/call runs alone at concurrency 8,
    # while the resource reads and the prompt get may overlap.
    server = _Overlap()
    result = _run(server, concurrency=8)
    assert server.max_calls_in_flight == 1
    assert server.max_in_flight >= 2
    latencies = {i["method"]: i["latencyMs"] for i in result.interactions}
    assert latencies["tools/call"] is not None
    assert latencies["resources/read"] is None  # shared the server: not timed


class _TaskFake:
    """Answers a task-augmented tools/call with a task, then completes it on the first poll."""

    def __init__(self) -> None:
        self.methods: list[str] = []

    async def request(self, method: str, params: dict[str, Any] | None, timeout: float) -> Reply:
        self.methods.append(method)
        if method == "tools/call" and params and "task" in params:
            return Reply(result={"task": {"taskId": "t1", "status": "working", "pollInterval": 1}})
        if method == "tasks/get":
            return Reply(result={"taskId": "t1", "status": "completed"})
        if method == "tasks/result":
            return _text("report")
        return Reply(error={"code": -32601, "message": "call research as a task"})


def test_a_recorded_task_call_sent_again_is_run_as_a_task() -> None:
    # `verify` sends the baseline's recorded params, which hold the `task` field.
    recorded = {
        "method": "tools/call",
        "target": "research",
        "case": "valid",
        "params": {"name": "research", "arguments": {}, "task": {"ttl": 60000}},
    }
    server = _TaskFake()
    options = RecordOptions(fuzz=True, replay_calls=(recorded,))
    result = asyncio.run(exercise(server, _cassette(), options))
    (item,) = _judged(result)
    assert server.methods == ["tools/call", "tasks/get", "tasks/result"]
    assert (item["outcome"], item["flags"]) == ("ok", ["task"])
    assert item["params"] == recorded["params"]
