"""What `replay --http` accepts before the responder sees a request.

The replay server listens on a port any local process (and, through DNS
rebinding, any web page the user visits) can reach. In record-through modes it
forwards calls to the real server with the user's credentials, so:

- `Host` must be a loopback name or one given with `--allow-host` (a rebinding
  page sends its own host name; the Origin check alone is not enough);
- record-through modes need `Authorization: Bearer <token>`, a token made at
  start and printed once on stderr (otherwise it is an open proxy);
- a request body is capped at MAX_BODY_BYTES; a whole request (headers and
  body) must arrive within HEADER_SECONDS of the connection opening or of the
  previous answer, else the connection is closed (a body that trickles in is
  no better than headers that do); at most MAX_CONNECTIONS connections are open
  at once, and when they are all taken a new client takes the slot of the
  connection that has been waiting longest for its request (idle or stalled),
  so slow clients cannot starve the others;
- nothing a client sends can make the server log a traceback.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

MAX_BODY_BYTES: Final = 4 * 1024 * 1024
HEADER_SECONDS: Final = 10.0
MAX_CONNECTIONS: Final = 64
LOOPBACK_NAMES: Final = frozenset({"localhost", "127.0.0.1", "::1"})


@dataclass(frozen=True)
class HttpGuard:
    allowed_hosts: frozenset[str] = field(default=LOOPBACK_NAMES)
    token: str | None = None
    """Required as a bearer token when set (record-through modes)."""

    @classmethod
    def build(cls, extra_hosts: Iterable[str], record_through: bool) -> HttpGuard:
        hosts = LOOPBACK_NAMES | {h.strip().lower().strip("[]") for h in extra_hosts if h}
        token = secrets.token_urlsafe(24) if record_through else None
        return cls(allowed_hosts=frozenset(hosts), token=token)

    def refusal(self, headers: Mapping[str, str]) -> tuple[int, str] | None:
        """(status, reason) when the request must not reach the responder."""
        host = _hostname(headers.get("host", ""))
        if host not in self.allowed_hosts:
            return 421, "this Host is not served (loopback only unless --allow-host)"
        if self.token is not None:
            scheme, _, given = headers.get("authorization", "").partition(" ")
            wanted = self.token.encode()
            if scheme.lower() != "bearer" or not hmac.compare_digest(given.encode(), wanted):
                return 401, "record-through replay needs the bearer token printed at start"
        return None


def _hostname(value: str) -> str:
    value = value.strip().lower()
    if value.startswith("["):  # [::1]:8765
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        return value.partition(":")[0]
    return value


def is_loopback(host: str) -> bool:
    import ipaddress

    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


async def read_body(receive: Any, limit: int = MAX_BODY_BYTES) -> bytes | None:
    """The request body from a Starlette request stream; None once it passes `limit`."""
    parts: list[bytes] = []
    size = 0
    async for chunk in receive:
        size += len(chunk)
        if size > limit:
            return None
        parts.append(chunk)
    return b"".join(parts)


def bounded_protocol() -> type[Any]:
    """uvicorn's h11 protocol, closing connections past MAX_CONNECTIONS and those whose
    request headers take longer than HEADER_SECONDS (half-open connections used to
    exhaust file descriptors)."""
    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class Bounded(H11Protocol):
        _header_timer: Any = None
        _refused = False
        _since = 0.0
        """When this connection began waiting for its current request."""

        def connection_made(self, transport: Any) -> None:
            if len(self.connections) >= MAX_CONNECTIONS and not self._evict_one():
                self._refused = True
                transport.close()
                return
            super().connection_made(transport)
            self._arm()

        def _evict_one(self) -> bool:
            """Close the connection waiting longest for its request (headers or body
            still coming, or idle between requests); False when all are being answered."""
            waiting = [c for c in self.connections if isinstance(c, Bounded) and c._waiting()]
            if not waiting:
                return False
            oldest = min(waiting, key=lambda c: c._since)
            oldest._close()
            self.connections.discard(oldest)
            return True

        def _waiting(self) -> bool:
            """No request is being answered: the client still owes headers or body."""
            if self.transport is None or self.transport.is_closing():
                return False
            if self.cycle is None or self.cycle.response_complete:
                return True
            return bool(self.conn.their_state is h11.SEND_BODY)

        def _close(self) -> None:
            if self.transport is not None and not self.transport.is_closing():
                self.transport.close()

        def _arm(self) -> None:
            self._since = self.loop.time()
            self._header_timer = self.loop.call_later(HEADER_SECONDS, self._header_timeout)

        def _header_timeout(self) -> None:
            if self._waiting():
                self._close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            if not self._refused:
                super().connection_lost(exc)

    return Bounded
