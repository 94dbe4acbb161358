"""The two protocol eras: the `initialize` handshake and the 2026-07-28 `server/discover`.

`--protocol auto` (the default) probes `server/discover` first with half the
time-out, then falls back to `initialize` on any error, a time-out, or an
answer that names no modern version (the SDK's `mode="auto"` policy). A
-32022 "unsupported protocol version" from `initialize` naming a modern
version means a slow server locked the connection to the modern era on a
probe we gave up on, so the probe is repeated once. If the server hangs up
on the probe (a strict legacy server may), the recorder reconnects and uses
`initialize` only.

What the recorder declares, always the same so recordings compare:
- clientInfo {"name": "mcpvcr", "version": <mcpvcr version>};
- capabilities {"roots": {"listChanged": false}}: only what mcpvcr honours
  (it answers `roots/list` with an empty list). It does not declare sampling
  or elicitation because it would have to refuse those requests. A server's
  tool list can depend on this: server-everything lists 13 tools with no
  capabilities, 14 with roots (`get-roots-list`), 16 with all three.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mcpvcr import __version__
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
UNSUPPORTED_PROTOCOL_VERSION = -32022


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
) -> Handshake:
    """Run the handshake for `protocol` ("auto", "initialize" or "discover")."""
    log = list(negotiation or [])
    if protocol == "initialize":
        return await _initialize(client, timeout, log, allow_reprobe=False)
    probe_timeout = timeout if protocol == "discover" else max(1.0, timeout / 2)
    version = MODERN_VERSIONS[-1]
    spent = 0.0
    for _attempt in range(2):
        reply = await _discover(client, version, probe_timeout)
        spent += reply.seconds
        log.append(_entry("server/discover", reply))
        if reply.result is not None:
            chosen = _modern_version(reply.result.get("supportedVersions"))
            if chosen is not None:
                return _adopt_discover(client, reply.result, chosen, log)
            if protocol == "discover":
                raise HandshakeFailed("server/discover named no protocol version mcpvcr speaks")
        elif reply.error is not None:
            retry = _modern_version(_supported(reply.error))
            if (
                reply.error.get("code") == UNSUPPORTED_PROTOCOL_VERSION
                and retry
                and retry != version
            ):
                version = retry
                continue
            if protocol == "discover":
                raise HandshakeFailed(f"server/discover failed: {_error_text(reply.error)}")
        elif reply.closed is not None:
            if protocol == "discover":
                raise HandshakeFailed(f"server/discover failed: {reply.closed}")
            raise Reconnect(log)
        elif protocol == "discover":
            raise HandshakeFailed(f"no answer to server/discover within {probe_timeout:g} s")
        break
    # The probe and the fallback share one time-out, so a silent server costs
    # `timeout` in auto mode too (at least half of it goes to initialize).
    remaining = max(timeout - spent, timeout / 2)
    return await _initialize(client, remaining, log, allow_reprobe=True)


async def _discover(client: RawClient, version: str, timeout: float) -> Reply:
    client.set_era("modern", version)
    params = {
        "_meta": {
            PROTOCOL_VERSION_META: version,
            CLIENT_INFO_META: CLIENT_INFO,
            CLIENT_CAPABILITIES_META: CLIENT_CAPABILITIES,
        }
    }
    reply = await client.request("server/discover", params, timeout)
    client.set_era("none", None)
    return reply


def _adopt_discover(
    client: RawClient, result: dict[str, Any], version: str, log: list[dict[str, Any]]
) -> Handshake:
    client.set_era("modern", version)
    server = {key: value for key, value in result.items() if key != "_meta"}
    meta = result.get("_meta")
    if isinstance(meta, dict) and SERVER_INFO_META in meta:
        server["serverInfo"] = meta[SERVER_INFO_META]
    server["protocolVersion"] = version
    return Handshake(
        method="server/discover", protocol_version=version, server=server, negotiation=log
    )


async def _initialize(
    client: RawClient, timeout: float, log: list[dict[str, Any]], *, allow_reprobe: bool
) -> Handshake:
    params = {
        "protocolVersion": HANDSHAKE_VERSION,
        "capabilities": CLIENT_CAPABILITIES,
        "clientInfo": CLIENT_INFO,
    }
    reply = await client.request("initialize", params, timeout)
    log.append(_entry("initialize", reply))
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
        retry = _modern_version(_supported(reply.error))
        if allow_reprobe and reply.error.get("code") == UNSUPPORTED_PROTOCOL_VERSION and retry:
            again = await _discover(client, retry, timeout)
            log.append(_entry("server/discover", again))
            if again.result is not None:
                return _adopt_discover(client, again.result, retry, log)
        raise HandshakeFailed(f"initialize failed: {_error_text(reply.error)}")
    if reply.closed is not None:
        raise HandshakeFailed(f"the server died during the handshake: {reply.closed}")
    raise HandshakeFailed("no answer to the handshake (initialize) within the time-out")


def _entry(method: str, reply: Reply) -> dict[str, Any]:
    """One negotiation step as recorded: no ids, no _meta, no timings."""
    if reply.result is not None:
        return {"method": method, "result": {k: v for k, v in reply.result.items() if k != "_meta"}}
    if reply.error is not None:
        return {"method": method, "error": reply.error}
    if reply.closed is not None:
        return {"method": method, "closed": reply.closed}
    return {"method": method, "timeout": True}


def _supported(error: dict[str, Any]) -> Any:
    data = error.get("data")
    return data.get("supported") if isinstance(data, dict) else None


def _modern_version(versions: Any) -> str | None:
    if not isinstance(versions, list):
        return None
    known = [v for v in MODERN_VERSIONS if v in versions]
    return known[-1] if known else None


def _error_text(error: dict[str, Any]) -> str:
    message = error.get("message")
    return f"{error.get('code')} {message if isinstance(message, str) else ''}".strip()
