"""OAuth 2.1 for `record` at protected HTTP servers (see provider.py for what is covered).

`open_auth(target, on_give_up)` yields the httpx2.Auth the HTTP channel uses,
or None when OAuth is off or the user gave credentials themselves (then a 401
stays a plain error, as before).
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable
from urllib.parse import urlsplit

import httpx2

from mcpvcr.targets import Target


@contextlib.asynccontextmanager
async def open_auth(
    target: Target, on_give_up: Callable[[httpx2.Response], None]
) -> AsyncIterator[httpx2.Auth | None]:
    """The OAuth client for `target`, or None; releases the loopback listener on exit."""
    # Credentials the user gave (a header, or user:password in the URL, which httpx2
    # sends as Basic) are used as they are; OAuth would replace them.
    given = any(name.lower() == "authorization" for name in target.headers)
    if target.url is None or urlsplit(target.url).username is not None:
        given = True
    if not target.oauth.enabled or given or target.url is None:
        yield None
        return
    if target.oauth.grant == "identity_assertion":
        from mcpvcr.live.oauth.identity import identity_provider

        yield await identity_provider(target)
        return
    from mcpvcr.live.oauth.provider import build_provider

    auth, release = build_provider(target, on_give_up)
    try:
        yield auth
    finally:
        release()


async def authorize_first(target: Target, timeout: float) -> None:
    """With a person at the terminal and no usable cached token, authorize before recording.

    The recording bounds every request by --timeout and the whole run too; a person
    approving in a browser takes longer. So one harmless request (a `ping` POST, or the
    SSE GET) is sent first, outside those bounds: if the server challenges it, the flow
    runs now and the recording finds the token cached (in memory with --no-oauth-cache).
    A server that does not challenge it is authorized during the recording instead.
    """
    from mcpvcr.live.oauth.approve import person_present

    if target.transport == "stdio" or target.url is None or not person_present():
        return
    async with open_auth(target, _ignore) as auth:
        holds = getattr(auth, "holds_token", None)
        if auth is None or not callable(holds) or holds():
            return
        async with httpx2.AsyncClient(auth=auth, timeout=httpx2.Timeout(timeout)) as client:
            try:
                if target.transport == "sse":
                    request = client.stream("GET", target.url, headers=dict(target.headers))
                else:
                    headers = {**target.headers, "Accept": "application/json, text/event-stream"}
                    ping = {"jsonrpc": "2.0", "id": 0, "method": "ping"}
                    request = client.stream("POST", target.url, json=ping, headers=headers)
                async with request:
                    pass  # only the authorization mattered; the answer is not read
            except httpx2.HTTPError:
                return  # unreachable or odd: the recording reports it properly


def _ignore(response: httpx2.Response) -> None:
    return None
