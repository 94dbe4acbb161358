"""Record mode `new_episodes` / `all`: forward what the cassette lacks and keep it.

Each client of the replay gets its own live session to the target (an
`Upstream`), opened with the client's own `initialize` (its protocol version
and capabilities: a server's tools, and whether it may ask for sampling or
elicitation, depend on them). Every request the responder forwards goes over
that session and is classified, scrubbed and redacted like a recorded fuzz
call, then appended to the cassette, which is saved atomically each time, so
an interrupted replay never leaves a half-written file.

While a forwarded request runs, what the server says to its client (log
lines, progress, list_changed, and requests such as `sampling/createMessage`)
is relayed to the real client and recorded in the interaction's `exchange`,
with the client's answers. A message arriving with no request in flight has
no place in any interaction and is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mcpvcr.cassette import Cassette
from mcpvcr.jsonrpc import INTERNAL_ERROR, METHOD_NOT_FOUND
from mcpvcr.recording import RecordOptions
from mcpvcr.replay.matching import TARGET_FIELD
from mcpvcr.replay.peer import Outbox, Peer
from mcpvcr.replay.responder import LIVE_RESPONSE
from mcpvcr.targets import Target

if TYPE_CHECKING:
    from mcpvcr.live.wire import RawClient

SESSION_REQUESTS = frozenset({"roots/list"})
"""Server-to-client requests about the session rather than one call (see `_session_request`)."""
MAX_UPSTREAMS = 64
"""Live sessions kept open at once; the oldest is closed past this (clients that vanish)."""


@dataclass
class EpisodeLog:
    """The cassette being extended and where it lives."""

    cassette: Cassette
    path: str
    target: Target
    options: RecordOptions
    fresh: bool = False
    """Mode `all`: start from no interactions instead of appending."""
    count: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        if self.fresh:
            self.cassette.set_section("interactions", [])

    def keep(self, interaction: dict[str, Any]) -> dict[str, Any]:
        """Redact the target's secrets, append, and save the cassette atomically."""
        from mcpvcr.redaction import redact

        clean: dict[str, Any] = redact(
            interaction, self.target.secret_values(), self.options.scrub_patterns
        )
        self.cassette.append_interaction(clean)
        self.count += 1
        self.save()
        return clean

    def save(self) -> None:
        """Write the cassette with the target's secrets and --scrub matches redacted
        everywhere (the handshake and lists too, as `record` does); the copy in memory,
        which this replay serves, stays as the server sent it."""
        from mcpvcr import store
        from mcpvcr.redaction import redact

        secrets = self.target.secret_values()
        header = redact(self.cassette.header, secrets, ())
        body = redact(self.cassette.body, secrets, self.options.scrub_patterns)
        store.save(Cassette(header=header, body=body), self.path)


@dataclass
class _Flight:
    """One forwarded request: where its client listens and what the server said meanwhile."""

    out: Outbox | None
    token: Any
    exchange: list[dict[str, Any]] = field(default_factory=list)
    sends: list[asyncio.Task[None]] = field(default_factory=list)


class Upstream:
    """One client's live session to the target, run in a task of its own.

    The transports hold anyio task groups that must be left by the task that
    entered them, so the session lives in `_run` and requests reach it from
    whichever task answers the client.
    """

    def __init__(self, log: EpisodeLog, peer: Peer) -> None:
        self.log = log
        self.peer = peer
        self.client: RawClient | None = None
        self.dropped = 0
        self._flights: list[_Flight] = []
        self._stop = asyncio.Event()
        self._ready = asyncio.Event()  # set once the handshake has an outcome
        self._task: asyncio.Task[None] | None = None

    # -- lifecycle ------------------------------------------------------------

    async def open(self, params: dict[str, Any]) -> dict[str, Any]:
        """Connect and send the client's `initialize`; the answer to give the client."""
        ready: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._task = asyncio.get_running_loop().create_task(self._run(params, ready))
        try:
            return await ready
        finally:
            self._ready.set()

    async def wait_ready(self) -> None:
        """Until the handshake has an outcome (and a new cassette its contract)."""
        await self._ready.wait()

    async def close(self) -> None:
        self._stop.set()
        if self._task is not None:
            with contextlib.suppress(BaseException):
                async with asyncio.timeout(5):
                    await self._task
            if not self._task.done():
                self._task.cancel()

    async def _run(self, params: dict[str, Any], ready: asyncio.Future[dict[str, Any]]) -> None:
        from mcpvcr.live.recorder import open_channel, quiet_sdk_logging
        from mcpvcr.live.wire import RawClient

        quiet_sdk_logging()
        log = self.log
        try:
            async with open_channel(log.target, log.options) as channel:
                client = RawClient(
                    channel,
                    client_info=_dict(params.get("clientInfo")),
                    client_capabilities=_dict(params.get("capabilities")),
                )
                client.relay = self
                client.start()
                try:
                    ready.set_result(await self._initialize(client, params))
                    await self._stop.wait()
                finally:
                    await client.stop()
        except BaseException as err:  # the client gets an error line, never a crash
            if not ready.done():
                text = f"mcpvcr: cannot reach {log.target.label}: {type(err).__name__}: {err}"
                error = {"code": INTERNAL_ERROR, "message": " ".join(text.split())}
                ready.set_result({"error": error})
            if isinstance(err, asyncio.CancelledError):
                raise

    async def _initialize(self, client: RawClient, params: dict[str, Any]) -> dict[str, Any]:
        timeout = self.log.options.timeout
        sent = {key: value for key, value in params.items() if key != "_meta"}
        reply = await client.request("initialize", sent, timeout)
        if reply.result is None:
            from mcpvcr.live.lists import failure

            return {"error": failure(reply)}
        version = reply.result.get("protocolVersion")
        client.set_era("legacy", version if isinstance(version, str) else None)
        await client.notify("notifications/initialized")
        self.client = client
        if not self.log.cassette.server:
            await self._record_contract(client, sent, reply.result)
        return {"result": reply.result}

    async def _record_contract(
        self, client: RawClient, params: dict[str, Any], result: dict[str, Any]
    ) -> None:
        """A new cassette: the handshake and the lists, as this client got them."""
        from mcpvcr.live.lists import kinds_to_record, record_list

        cassette = self.log.cassette
        server = {key: value for key, value in result.items() if key != "_meta"}
        version = server.get("protocolVersion")
        header: dict[str, Any] = {
            "transport": self.log.target.transport,
            "handshake": "initialize",
            "protocolVersion": version if isinstance(version, str) else "",
            "clientInfo": _dict(params.get("clientInfo")),
            "clientCapabilities": _dict(params.get("capabilities")),
            "options": self.log.options.header_options(),
        }
        for key, value in header.items():
            cassette.set_header(key, value)
        cassette.set_section("server", server)
        cassette.set_section("negotiation", [{"method": "initialize", "result": server}])
        notes: dict[str, Any] = {}
        for kind in kinds_to_record(server.get("capabilities")):
            record = await record_list(client, kind, self.log.options.timeout, notes)
            cassette.set_section(kind, record)
        cassette.set_section("diagnostics", {**client.diagnostics(), **notes})
        self.log.save()

    # -- forwarding -------------------------------------------------------------

    async def call(
        self, method: str, params: Any, out: Outbox | None, *, keep: bool = True
    ) -> dict[str, Any]:
        """Forward one request; relay what the server says meanwhile; keep the interaction
        (`keep=False`: only send it, for a request the cassette already answers)."""
        from mcpvcr.fuzz.plan import Call
        from mcpvcr.fuzz.scrub import Scrubber
        from mcpvcr.live.exercise import interaction

        log = self.log
        sent = params if isinstance(params, dict) else {}
        meta = sent.get("_meta")
        flight = _Flight(out, meta.get("progressToken") if isinstance(meta, dict) else None)
        await self._ready.wait()  # a piped client's first call may race its initialize
        if self.client is None:  # the handshake failed (the client was told): nothing to keep
            text = f"mcpvcr: no live session to {log.target.label} (its handshake failed)"
            return {"response": {"error": {"code": INTERNAL_ERROR, "message": text}}}
        self._flights.append(flight)
        try:
            reply = await self.client.request(method, sent, log.options.timeout)
            await asyncio.gather(*flight.sends, return_exceptions=True)
        finally:
            self._flights.remove(flight)
        field_name = TARGET_FIELD.get(method, "name")
        target = sent.get(field_name)
        call = Call(
            index=log.count,
            method=method,
            target=target if isinstance(target, str) else "",
            case="replay",
            params={k: v for k, v in sent.items() if k != "_meta"},
            output_schema=_output_schema(log.cassette, method, target),
        )
        scrubber = Scrubber(log.options.scrub_patterns, keep_volatile=log.options.keep_volatile)
        kept = interaction(call, reply, scrubber)
        if flight.exchange:
            kept["exchange"] = flight.exchange
        if not keep:
            return kept
        self._note_answer_styles()
        # The client gets the answer as the server sent it; only the cassette is scrubbed.
        return {**log.keep(kept), LIVE_RESPONSE: _as_sent(reply)}

    async def notify(self, message: dict[str, Any]) -> None:
        """Pass a client's notification on (cancelled, roots/list_changed, ...)."""
        await self._ready.wait()
        method = message.get("method")
        params = message.get("params")
        if self.client is not None and isinstance(method, str):
            await self.client.notify(method, params if isinstance(params, dict) else None)

    def _note_answer_styles(self) -> None:
        styles = getattr(self.client.channel, "answer_styles", None) if self.client else None
        if not styles:
            return
        cassette = self.log.cassette
        diagnostics = cassette.body.get("diagnostics")
        diagnostics = dict(diagnostics) if isinstance(diagnostics, dict) else {}
        known = diagnostics.get("httpAnswers")
        merged = set(styles) | set(known if isinstance(known, list) else [])
        diagnostics["httpAnswers"] = sorted(merged)
        cassette.set_section("diagnostics", diagnostics)

    async def _session_request(self, flight: _Flight, method: str, params: Any) -> dict[str, Any]:
        """A request about the client's session, not the call in flight (`roots/list`: a
        server asks for the roots once initialized, or when they change, on a stream of its
        own): relayed to the client, filed with the session, not under that call, so a
        replay asks it after `notifications/initialized`, and `verify` gives the same roots."""
        await asyncio.gather(*flight.sends, return_exceptions=True)  # keep the order
        reply = await _relay_only(flight.out, self.peer, method, params)
        cassette = self.log.cassette
        diagnostics = cassette.body.get("diagnostics")
        diagnostics = dict(diagnostics) if isinstance(diagnostics, dict) else {}
        known = diagnostics.get("serverRequests")
        asked = set(known) if isinstance(known, list) else set()
        diagnostics["serverRequests"] = sorted(asked | {method})
        result = reply.get("result")
        if isinstance(result, dict) and isinstance(result.get("roots"), list):
            diagnostics["clientRoots"] = result["roots"]
        cassette.set_section("diagnostics", diagnostics)
        return reply

    # -- the Relay the live client calls -------------------------------------------

    def _flight_for(self, message: dict[str, Any]) -> _Flight | None:
        params = message.get("params")
        if message.get("method") == "notifications/progress" and isinstance(params, dict):
            for flight in self._flights:
                if flight.token is not None and flight.token == params.get("progressToken"):
                    return flight
        return self._flights[-1] if self._flights else None

    def notification(self, message: dict[str, Any]) -> None:
        flight = self._flight_for(message)
        if flight is None:
            self.dropped += 1
            return
        recorded: dict[str, Any] = {k: message[k] for k in ("method", "params") if k in message}
        flight.exchange.append({"notification": recorded})
        if flight.out is not None:
            out = flight.out
            relayed = {"jsonrpc": "2.0", **recorded}
            flight.sends.append(asyncio.get_running_loop().create_task(_send(out, relayed)))

    async def request(self, method: str, params: Any) -> dict[str, Any]:
        flight = self._flights[-1] if self._flights else None
        if flight is None or flight.out is None:
            text = f"mcpvcr: no client request in flight to relay {method} to"
            return {"error": {"code": METHOD_NOT_FOUND, "message": text}}
        if method in SESSION_REQUESTS:
            return await self._session_request(flight, method, params)
        entry: dict[str, Any] = {"request": {"method": method}}
        if params is not None:
            entry["request"]["params"] = params
        flight.exchange.append(entry)
        await asyncio.gather(*flight.sends, return_exceptions=True)  # keep the order
        if not self.peer.allows(method):
            text = f"the client did not declare the capability {method} needs"
            reply: dict[str, Any] = {"error": {"code": METHOD_NOT_FOUND, "message": text}}
        else:
            reply = await self.peer.ask(flight.out, method, params)
        entry["reply"] = reply
        return reply


def _as_sent(reply: Any) -> dict[str, Any]:
    """The live answer, unscrubbed, as the responder hands it to the client."""
    if reply.timed_out:
        return {"timeout": True}
    if reply.closed is not None:
        return {"closed": reply.closed}
    if reply.error is not None:
        return {"error": reply.error}
    return {"result": reply.result if reply.result is not None else {}}


async def _relay_only(out: Outbox | None, peer: Peer, method: str, params: Any) -> dict[str, Any]:
    if out is None or not peer.allows(method):
        text = f"the client did not declare the capability {method} needs"
        return {"error": {"code": METHOD_NOT_FOUND, "message": text}}
    return await peer.ask(out, method, params)


async def _send(out: Outbox, message: dict[str, Any]) -> None:
    with contextlib.suppress(Exception):  # a client that left: the call still gets recorded
        await out(message)


def _dict(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, dict) else {}


def _output_schema(cassette: Cassette, method: str, name: Any) -> Any:
    if method != "tools/call" or not isinstance(name, str):
        return None
    tool = cassette.tool_named(name)
    return tool.get("outputSchema") if tool else None


class Upstreams:
    """Opens one Upstream per client and closes them all at the end (the responder's Connect)."""

    def __init__(self, log: EpisodeLog) -> None:
        self.log = log
        self.open: list[Upstream] = []

    async def connect(self, params: Any, peer: Peer) -> dict[str, Any]:
        if peer.upstream is not None:
            await peer.upstream.close()
        upstream = Upstream(self.log, peer)
        peer.upstream = upstream
        self.open.append(upstream)
        if len(self.open) > MAX_UPSTREAMS:
            await self.open.pop(0).close()
        return await upstream.open(params if isinstance(params, dict) else _default_params())

    async def close_all(self) -> None:
        for upstream in self.open:
            await upstream.close()
        self.open.clear()


def _default_params() -> dict[str, Any]:
    """mcpvcr's own `initialize` for a client that never sent one (a server/discover client)."""
    from mcpvcr.live.handshake import CLIENT_CAPABILITIES, CLIENT_INFO, HANDSHAKE_VERSION

    return {
        "protocolVersion": HANDSHAKE_VERSION,
        "capabilities": CLIENT_CAPABILITIES,
        "clientInfo": CLIENT_INFO,
    }
