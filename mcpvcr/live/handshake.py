"""The two protocol eras: the `initialize` handshake and the 2026-07-28 `server/discover`.

`--protocol auto` (the default) probes `server/discover` first and falls back
to `initialize` on an error or an answer naming no modern version (the SDK's
`mode="auto"` policy). A probe that has no answer after half the time-out gets
`initialize` pipelined behind it on the same connection, so a silent server
costs one time-out, not two, and a server that is merely slow to start
decides the era by itself: a modern server answers the probe (and refuses the
initialize with -32022) and a legacy one refuses the probe and answers the
initialize; mcpvcr waits for the probe's answer (within its time-out) either
way. So the recorded negotiation is the same as on a fast machine, which
keeps recordings of a slow-starting server byte-identical under load. If the
server hangs up on the probe (a strict legacy server may), the recorder
reconnects and uses `initialize` only.

The negotiation recorded is what the server answered: the probe's answer (or
{"timeout": true} when it never answered) and, when the era is legacy, the
initialize result. Steps that only happened because mcpvcr stopped waiting are
not recorded.

What the recorder declares, always the same so recordings compare:
- clientInfo {"name": "mcpvcr", "version": <mcpvcr version>};
- capabilities {"roots": {"listChanged": false}}: only what mcpvcr honours
  (it answers `roots/list` with an empty list). It does not declare sampling
  or elicitation because it would have to refuse those requests; with
  `--elicit-defaults` it adds form-mode elicitation (mcpvcr.live.elicit). A server's
  tool list can depend on this: server-everything lists 13 tools with no
  capabilities, 14 with roots (`get-roots-list`), 16 with all three.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from mcpvcr._version import __version__
from mcpvcr.live.wire import (
    CLIENT_CAPABILITIES_META,
    CLIENT_INFO_META,
    PROTOCOL_VERSION_META,
    RawClient,
    Reply,
)

CLIENT_INFO: dict[str, Any] = {"name": "mcpvcr", "version": __version__}
CLIENT_CAPABILITIES: dict[str, Any] = {"roots": {"listChanged": False}}
HANDSHAKE_VERSION = "2025-11-25"
MODERN_VERSIONS = ("2026-07-28",)
SERVER_INFO_META = "io.modelcontextprotocol/serverInfo"


@dataclass
class Handshake:
    """How the connection was established and what the server said about itself."""

    method: str
    protocol_version: str
    server: dict[str, Any]
    negotiation: list[dict[str, Any]] = field(default_factory=list)


class HandshakeFailed(Exception):
    """The server could not be brought into either era; str() is the one-line reason."""


class Reconnect(Exception):
    """The probe killed the connection; retry on a fresh one with `initialize` only."""

    def __init__(self, negotiation: list[dict[str, Any]]) -> None:
        super().__init__("reconnect")
        self.negotiation = negotiation


async def negotiate(
    client: RawClient,
    protocol: str,
    timeout: float,
    negotiation: list[dict[str, Any]] | None = None,
    *,
    version: str | None = None,
) -> Handshake:
    """Run the handshake for `protocol` ("auto", "initialize" or "discover").

    `negotiation` carries the steps of an earlier connection (a probe the server
    hung up on) into the record.
    """
    log = list(negotiation or [])
    if protocol == "initialize":
        reply = await _initialize(client, timeout, version or HANDSHAKE_VERSION)
        return await _legacy_or_fail(client, reply, [*log, _entry("initialize", reply)], timeout)
    if protocol == "discover":
        probe = await _discover(client, timeout)
        version = _modern_version(probe)
        if version is not None:
            return _adopt_discover(client, probe, version, [*log, _entry("server/discover", probe)])
        raise HandshakeFailed(f"server/discover failed: {_failure_text(probe)}")
    return await _auto(client, timeout, log)


async def _auto(client: RawClient, timeout: float, log: list[dict[str, Any]]) -> Handshake:
    probe_task = asyncio.ensure_future(_discover(client, timeout))
    done, _ = await asyncio.wait({probe_task}, timeout=timeout / 2)
    if probe_task in done:
        probe = probe_task.result()
        version = _modern_version(probe)
        if version is not None:
            return _adopt_discover(client, probe, version, [*log, _entry("server/discover", probe)])
        if probe.closed is not None:
            raise Reconnect([*log, _entry("server/discover", probe)])
        reply = await _initialize(client, max(timeout - probe.seconds, timeout / 2))
    else:
        # Slow or silent: pipeline initialize behind the pending probe.
        reply = await _initialize(client, timeout / 2)
        # The probe's own time-out bounds this wait. Its answer, not the order
        # in which answers arrived (HTTP requests race), decides the era.
        probe = await probe_task
        version = _modern_version(probe)
        if version is not None:
            return _adopt_discover(client, probe, version, [*log, _entry("server/discover", probe)])
        if probe.closed is not None and reply.closed is not None:
            raise Reconnect([*log, _entry("server/discover", probe)])
    steps = [*log, _entry("server/discover", probe), _entry("initialize", reply)]
    return await _legacy_or_fail(client, reply, steps, timeout)


async def _discover(client: RawClient, timeout: float) -> Reply:
    version = MODERN_VERSIONS[-1]
    params = {
        "_meta": {
            PROTOCOL_VERSION_META: version,
            CLIENT_INFO_META: CLIENT_INFO,
            CLIENT_CAPABILITIES_META: client.client_capabilities,
        }
    }
    return await client.request("server/discover", params, timeout, modern_version=version)


async def _initialize(client: RawClient, timeout: float, version: str = HANDSHAKE_VERSION) -> Reply:
    params = {
        "protocolVersion": version,
        "capabilities": client.client_capabilities,
        "clientInfo": client.client_info,
    }
    return await client.request("initialize", params, timeout)


def _adopt_discover(
    client: RawClient, probe: Reply, version: str, log: list[dict[str, Any]]
) -> Handshake:
    assert probe.result is not None
    client.set_era("modern", version)
    server = {key: value for key, value in probe.result.items() if key != "_meta"}
    meta = probe.result.get("_meta")
    if isinstance(meta, dict) and SERVER_INFO_META in meta:
        server["serverInfo"] = meta[SERVER_INFO_META]
    server["protocolVersion"] = version
    return Handshake(
        method="server/discover", protocol_version=version, server=server, negotiation=log
    )


async def _legacy_or_fail(
    client: RawClient, reply: Reply, log: list[dict[str, Any]], timeout: float
) -> Handshake:
    if reply.result is not None:
        raw_version = reply.result.get("protocolVersion")
        version = raw_version if isinstance(raw_version, str) else ""
        client.set_era("legacy", version or HANDSHAKE_VERSION)
        await client.notify("notifications/initialized")
        server = {key: value for key, value in reply.result.items() if key != "_meta"}
        return Handshake(
            method="initialize", protocol_version=version, server=server, negotiation=log
        )
    if reply.error is not None:
        raise HandshakeFailed(f"initialize failed: {_error_text(reply.error)}")
    if reply.closed is not None:
        raise HandshakeFailed(f"the server died during the handshake: {reply.closed}")
    raise HandshakeFailed(f"no answer to the handshake within {timeout:g} s (--timeout)")


def _entry(method: str, reply: Reply) -> dict[str, Any]:
    """One negotiation step as recorded: no ids, no _meta, no timings."""
    if reply.result is not None:
        return {"method": method, "result": {k: v for k, v in reply.result.items() if k != "_meta"}}
    if reply.error is not None:
        return {"method": method, "error": reply.error}
    if reply.closed is not None:
        return {"method": method, "closed": reply.closed}
    return {"method": method, "timeout": True}


def _modern_version(probe: Reply) -> str | None:
    """The modern version to speak when the probe succeeded and names one mcpvcr knows."""
    if probe.result is None:
        return None
    versions = probe.result.get("supportedVersions")
    if not isinstance(versions, list):
        return None
    known = [v for v in MODERN_VERSIONS if v in versions]
    return known[-1] if known else None


def _failure_text(probe: Reply) -> str:
    if probe.error is not None:
        return _error_text(probe.error)
    if probe.closed is not None:
        return probe.closed
    if probe.timed_out:
        return "no answer within the time-out"
    return "it named no protocol version mcpvcr speaks"


def _error_text(error: dict[str, Any]) -> str:
    message = error.get("message")
    return f"{error.get('code')} {message if isinstance(message, str) else ''}".strip()
