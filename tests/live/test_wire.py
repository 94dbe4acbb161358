"""The raw JSON-RPC client and the handshake, over a scripted in-memory channel."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from mcpvcr.live.handshake import HandshakeFailed, Reconnect, negotiate
from mcpvcr.live.wire import ChannelClosed, RawClient

Answer = Callable[[dict[str, Any]], list[dict[str, Any]] | None]


class ScriptedChannel:
    """A fake server: `answer(message)` returns the messages to send back (None: hang up)."""

    def __init__(self, answer: Answer, delay: Callable[[dict[str, Any]], float] = lambda m: 0.0):
        self.answer = answer
        self.delay = delay
        self.sent: list[tuple[dict[str, Any], dict[str, str]]] = []
        self.inbox: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.diagnostics: Counter[str] = Counter()
        self.closed = False

    async def send(self, message: dict[str, Any], headers: Mapping[str, str]) -> None:
        if self.closed:
            raise ChannelClosed("gone")
        self.sent.append((message, dict(headers)))
        replies = self.answer(message)
        if replies is None:
            self.closed = True
            await self.inbox.put(None)
            return

        async def later() -> None:
            await asyncio.sleep(self.delay(message))
            for reply in replies:
                await self.inbox.put(reply)

        asyncio.get_running_loop().create_task(later())

    async def receive(self) -> dict[str, Any] | None:
        return await self.inbox.get()

    def why_closed(self) -> str:
        return "the fake server hung up"


def client_for(channel: ScriptedChannel) -> RawClient:
    client = RawClient(channel, client_info={"name": "t"}, client_capabilities={})
    client.start()
    return client


def echo(message: dict[str, Any]) -> list[dict[str, Any]]:
    if "id" not in message or "method" not in message:
        return []
    return [{"jsonrpc": "2.0", "id": message["id"], "result": {"echo": message.get("params")}}]


def test_concurrent_requests_are_matched_by_id_whatever_the_answer_order() -> None:
    async def main() -> None:
        # later requests answer sooner, so answers arrive in reverse order
        channel = ScriptedChannel(echo, delay=lambda m: 0.05 / m.get("id", 1))
        client = client_for(channel)
        replies = await asyncio.gather(
            *(client.request("x/echo", {"n": n}, 5.0) for n in range(20))
        )
        assert [r.result for r in replies] == [{"echo": {"n": n}} for n in range(20)]
        await client.stop()

    asyncio.run(main())


def test_timeout_returns_a_reply_and_sends_cancelled() -> None:
    async def main() -> None:
        channel = ScriptedChannel(lambda m: [])  # never answers
        client = client_for(channel)
        reply = await client.request("tools/call", {"name": "slow"}, 0.1)
        assert reply.timed_out and reply.result is None and reply.error is None
        assert 0.1 <= reply.seconds < 2
        cancelled = [m for m, _ in channel.sent if m.get("method") == "notifications/cancelled"]
        assert cancelled and cancelled[0]["params"]["requestId"] == 1
        await client.stop()

    asyncio.run(main())


def test_closed_connection_answers_every_waiting_and_later_request() -> None:
    async def main() -> None:
        channel = ScriptedChannel(lambda m: None if m.get("method") == "die" else [])
        client = client_for(channel)
        waiting = asyncio.ensure_future(client.request("wait", None, 5.0))
        await asyncio.sleep(0.01)
        died = await client.request("die", None, 5.0)
        assert died.closed == "the fake server hung up"
        assert (await waiting).closed == "the fake server hung up"
        after = await client.request("again", None, 5.0)
        assert after.closed is not None
        await client.stop()

    asyncio.run(main())


def test_raw_results_errors_and_oddities_are_kept() -> None:
    def answer(message: dict[str, Any]) -> list[dict[str, Any]]:
        mid = message["id"]
        method = message["method"]
        if method == "big":
            return [{"jsonrpc": "2.0", "id": mid, "result": {"n": 2**70, "f": 1.0, "x-new": [1]}}]
        if method == "err":
            return [{"jsonrpc": "2.0", "id": mid, "error": {"code": -32602, "message": "bad"}}]
        if method == "list":
            return [{"jsonrpc": "2.0", "id": mid, "result": [1, 2]}]
        return [
            {"jsonrpc": "2.0", "id": 999, "result": {}},
            {"jsonrpc": "2.0", "id": mid, "result": {}},
        ]

    async def main() -> None:
        client = client_for(ScriptedChannel(answer))
        big = await client.request("big", None, 5.0)
        assert big.result == {"n": 2**70, "f": 1.0, "x-new": [1]}
        assert isinstance(big.result["f"], float)
        assert (await client.request("err", None, 5.0)).error == {"code": -32602, "message": "bad"}
        odd = await client.request("list", None, 5.0)
        assert odd.error is not None and odd.error["data"] == {"result": [1, 2]}
        await client.request("stray", None, 5.0)
        assert client.diagnostics()["unmatchedResponses"] == 1  # id 999 was never sent
        await client.stop()

    asyncio.run(main())


def modern_server(message: dict[str, Any]) -> list[dict[str, Any]]:
    if "id" not in message:
        return []
    if message["method"] == "server/discover":
        result = {
            "supportedVersions": ["2026-07-28"],
            "capabilities": {"tools": {}},
            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "m", "version": "2"}},
        }
        return [{"jsonrpc": "2.0", "id": message["id"], "result": result}]
    return echo(message)


def test_modern_era_stamps_meta_and_http_headers() -> None:
    async def main() -> None:
        channel = ScriptedChannel(modern_server)
        client = client_for(channel)
        handshake = await negotiate(client, "auto", 5.0)
        assert handshake.method == "server/discover" and handshake.protocol_version == "2026-07-28"
        assert handshake.server["serverInfo"] == {"name": "m", "version": "2"}
        assert "_meta" not in handshake.server
        reply = await client.request("tools/call", {"name": "t", "arguments": {}}, 5.0)
        sent = reply.result["echo"]
        assert sent["_meta"]["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
        assert sent["_meta"]["io.modelcontextprotocol/clientCapabilities"] == {}
        assert channel.sent[-1][1] == {
            "mcp-protocol-version": "2026-07-28",
            "mcp-method": "tools/call",
            "mcp-name": "t",
        }
        await client.request("tools/call", {"name": "héllo"}, 5.0)
        assert channel.sent[-1][1]["mcp-name"] == "=?base64?aMOpbGxv?="
        await client.stop()

    asyncio.run(main())


def legacy(version: str) -> Answer:
    def answer(message: dict[str, Any]) -> list[dict[str, Any]]:
        if "id" not in message:
            return []
        if message["method"] == "initialize":
            return [
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "result": {"protocolVersion": version, "capabilities": {}},
                }
            ]
        if message["method"] == "server/discover":
            return [
                {
                    "jsonrpc": "2.0",
                    "id": message["id"],
                    "result": {"supportedVersions": ["2025-06-18"], "capabilities": {}},
                }
            ]
        return echo(message)

    return answer


def test_discover_naming_no_modern_version_falls_back_to_initialize() -> None:
    async def main() -> None:
        channel = ScriptedChannel(legacy("2024-11-05"))
        client = client_for(channel)
        handshake = await negotiate(client, "auto", 5.0)
        assert handshake.method == "initialize" and handshake.protocol_version == "2024-11-05"
        assert [step["method"] for step in handshake.negotiation] == [
            "server/discover",
            "initialize",
        ]
        assert any(m.get("method") == "notifications/initialized" for m, _ in channel.sent)
        reply = await client.request("x", {"a": 1}, 5.0)
        assert reply.result == {"echo": {"a": 1}}  # no _meta in the legacy era
        assert channel.sent[-1][1] == {"mcp-protocol-version": "2024-11-05"}
        await client.stop()

    asyncio.run(main())


def test_discover_only_with_a_legacy_server_fails() -> None:
    async def main() -> None:
        client = client_for(ScriptedChannel(legacy("2025-06-18")))
        with pytest.raises(HandshakeFailed, match="no protocol version mcpvcr speaks"):
            await negotiate(client, "discover", 5.0)
        await client.stop()

    asyncio.run(main())


def test_hang_up_on_the_probe_asks_for_a_reconnect() -> None:
    async def main() -> None:
        channel = ScriptedChannel(lambda m: None if m.get("method") == "server/discover" else [])
        client = client_for(channel)
        with pytest.raises(Reconnect) as caught:
            await negotiate(client, "auto", 5.0)
        assert caught.value.negotiation[0]["method"] == "server/discover"
        await client.stop()

    asyncio.run(main())


def slow_start(probe_answer: dict[str, Any], init_answer: dict[str, Any]) -> ScriptedChannel:
    """A server whose first answer (to the probe) comes late, as when it is slow to start."""

    def answer(message: dict[str, Any]) -> list[dict[str, Any]]:
        if "id" not in message:
            return []
        chosen = probe_answer if message["method"] == "server/discover" else init_answer
        if message["method"] not in ("server/discover", "initialize"):
            return echo(message)
        return [{"jsonrpc": "2.0", "id": message["id"], **chosen}]

    return ScriptedChannel(
        answer, delay=lambda m: 1.5 if m.get("method") == "server/discover" else 0.0
    )


MODERN_RESULT = {"result": {"supportedVersions": ["2026-07-28"], "capabilities": {}}}
LOCKED = {"error": {"code": -32022, "message": "modern", "data": {"supported": ["2026-07-28"]}}}
NOT_FOUND = {"error": {"code": -32601, "message": "Method not found"}}
LEGACY_RESULT = {"result": {"protocolVersion": "2025-06-18", "capabilities": {}}}


@pytest.mark.parametrize(
    ("probe", "init", "method", "steps"),
    [
        # a modern server slow to start: the probe locks the era, initialize is refused
        (MODERN_RESULT, LOCKED, "server/discover", [("server/discover", "result")]),
        # a legacy server slow to start: the same record as when it is fast
        (
            NOT_FOUND,
            LEGACY_RESULT,
            "initialize",
            [("server/discover", "error"), ("initialize", "result")],
        ),
    ],
)
def test_a_slow_probe_gets_initialize_pipelined_and_records_what_a_fast_one_would(
    probe: dict[str, Any], init: dict[str, Any], method: str, steps: list[tuple[str, str]]
) -> None:
    async def main() -> None:
        client = client_for(slow_start(probe, init))
        handshake = await negotiate(client, "auto", 2.0)
        assert handshake.method == method
        recorded = [
            (s["method"], next(k for k in s if k != "method")) for s in handshake.negotiation
        ]
        assert recorded == steps
        await client.stop()

    asyncio.run(main())


def test_a_silent_probe_costs_one_timeout_not_two() -> None:
    async def main() -> None:
        channel = ScriptedChannel(
            lambda m: [] if m.get("method") == "server/discover" else legacy("2025-06-18")(m)
        )
        client = client_for(channel)
        handshake = await negotiate(client, "auto", 1.0)
        assert handshake.method == "initialize"
        assert handshake.negotiation[0] == {"method": "server/discover", "timeout": True}
        await client.stop()

    asyncio.run(main())
