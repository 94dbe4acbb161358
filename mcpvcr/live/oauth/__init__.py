"""OAuth 2.1 for `record` at protected HTTP servers (see provider.py for what is covered).

`open_auth(target, on_give_up)` yields the httpx2.Auth the HTTP channel uses,
or None when OAuth is off or the user gave credentials themselves (then a 401
stays a plain error, as before).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

import httpx2

from mcpvcr.targets import Target


@contextlib.contextmanager
def open_auth(
    target: Target, on_give_up: Callable[[httpx2.Response], None]
) -> Iterator[httpx2.Auth | None]:
    """The OAuth client for `target`, or None; releases the loopback listener on exit."""
    # Credentials the user gave (a header, or user:password in the URL, which httpx2
    # sends as Basic) are used as they are; OAuth would replace them.
    given = any(name.lower() == "authorization" for name in target.headers)
    if target.url is None or urlsplit(target.url).username is not None:
        given = True
    if not target.oauth.enabled or given or target.url is None:
        yield None
        return
    from mcpvcr.live.oauth.provider import build_provider

    auth, release = build_provider(target, on_give_up)
    try:
        yield auth
    finally:
        release()
