"""Getting an authorization request approved: by a person, or by the server alone.

With a person at a terminal (stdin is a TTY), mcpvcr listens on a loopback
redirect URI (http://127.0.0.1:PORT/callback), prints the authorization URL
and opens a browser when there is one, then waits for the redirect.

Without one (CI, a pipe, the conformance suite), it fetches the authorization
URL itself and follows its redirects until one points at the redirect URI: an
authorization server that approves without a person completes the flow; one
that shows a login or consent page fails with one line saying a person is needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import webbrowser
from urllib.parse import parse_qs, urljoin, urlsplit

import httpx2
from mcp.shared.auth import AuthorizationCodeResult

from mcpvcr.errors import CannotRun

PERSON_WAIT_SECONDS = 300.0
MAX_REDIRECTS = 10
_PAGE = (
    b"HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"
    b"mcpvcr received the authorization; you can close this window.\n"
)


def person_present() -> bool:
    """Someone can approve in a browser: mcpvcr runs at an interactive terminal."""
    return sys.stdin is not None and sys.stdin.isatty()


class Approval:
    """The SDK's redirect and callback handlers, plus the loopback listener they share."""

    def __init__(self, label: str, port: int, interactive: bool) -> None:
        self.label = label
        self.interactive = interactive
        self._socket = _bind_loopback(port)
        self.redirect_uri = f"http://127.0.0.1:{self._socket.getsockname()[1]}/callback"
        self._result: AuthorizationCodeResult | None = None

    def close(self) -> None:
        self._socket.close()

    async def redirect_handler(self, url: str) -> None:
        if self.interactive:
            self._result = await self._ask_person(url)
        else:
            self._result = await self._fetch(url)

    async def callback_handler(self) -> AuthorizationCodeResult:
        result, self._result = self._result, None
        if result is None:  # the SDK calls the two handlers in order; never reached otherwise
            raise CannotRun(f"{self.label}: OAuth: no authorization response")
        return result

    async def _fetch(self, url: str) -> AuthorizationCodeResult:
        """Follow the authorization server's redirects to the redirect URI, no person involved."""
        async with httpx2.AsyncClient(timeout=30.0, follow_redirects=False) as client:
            for _hop in range(MAX_REDIRECTS):
                response = await client.get(url)
                location = response.headers.get("location")
                if not (300 <= response.status_code < 400 and location):
                    raise CannotRun(
                        f"{self.label}: OAuth: the authorization server wants a person to "
                        f"approve (HTTP {response.status_code} at {_where(url)}); run mcpvcr "
                        "at a terminal, or use --oauth-grant client_credentials"
                    )
                url = urljoin(url, location)
                if self._is_redirect_uri(url):
                    return _code_result(url, self.label)
        raise CannotRun(
            f"{self.label}: OAuth: more than {MAX_REDIRECTS} redirects while authorizing"
        )

    async def _ask_person(self, url: str) -> AuthorizationCodeResult:
        """Serve the loopback redirect URI, show the URL, open a browser, wait for the redirect."""
        arrived: asyncio.Future[str] = asyncio.get_running_loop().create_future()

        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            with contextlib.suppress(OSError, ValueError, asyncio.IncompleteReadError):
                line = (await reader.readline()).decode("latin-1").split()
                if len(line) >= 2 and line[1].startswith("/callback") and not arrived.done():
                    writer.write(_PAGE)
                    await writer.drain()
                    arrived.set_result(line[1])
            writer.close()

        server = await asyncio.start_server(handle, sock=self._socket)
        async with server:
            print(f"mcpvcr: to authorize, open this URL:\n  {url}", file=sys.stderr, flush=True)
            # In a thread and not awaited: a browser command may only return once it closes.
            opener = asyncio.ensure_future(asyncio.to_thread(_open_browser, url))
            try:
                async with asyncio.timeout(PERSON_WAIT_SECONDS):
                    target = await arrived
            except TimeoutError:
                raise CannotRun(
                    f"{self.label}: OAuth: nobody approved within {PERSON_WAIT_SECONDS:g} s"
                ) from None
            finally:
                opener.cancel()
        return _code_result(urljoin(self.redirect_uri, target), self.label)

    def _is_redirect_uri(self, url: str) -> bool:
        got, want = urlsplit(url), urlsplit(self.redirect_uri)
        return (got.scheme, got.netloc, got.path) == (want.scheme, want.netloc, want.path)


def _open_browser(url: str) -> None:
    with contextlib.suppress(webbrowser.Error, OSError):
        webbrowser.open(url)


def _bind_loopback(port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", port))
    except OSError as err:
        sock.close()
        raise CannotRun(f"--oauth-redirect-port {port}: {err.strerror}") from None
    sock.listen(4)
    return sock


def _code_result(url: str, label: str) -> AuthorizationCodeResult:
    query = parse_qs(urlsplit(url).query)

    def first(name: str) -> str | None:
        values = query.get(name)
        return values[0] if values else None

    error = first("error")
    code = first("code")
    if error or not code:
        why = error or "no code"
        description = first("error_description")
        detail = f" ({description})" if description else ""
        raise CannotRun(f"{label}: OAuth: the authorization was refused: {why}{detail}")
    return AuthorizationCodeResult(code=code, state=first("state"), iss=first("iss"))


def _where(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}{parts.path}"
