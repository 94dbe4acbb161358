"""An OAuth-protected streamable HTTP MCP server with its own authorization server, for tests.

One ThreadingHTTPServer on 127.0.0.1 (OS-chosen port) serves both: the MCP endpoint `/mcp`
(the echo-headers server's answers, so a test can prove the token never reaches the
cassette), protected-resource metadata, authorization-server metadata, dynamic registration,
`/authorize` and `/token` (authorization_code with PKCE, refresh_token, client_credentials).
`approve="person"` makes `/authorize` answer a login page instead of redirecting. Everything
the client did is counted in `seen`.

`legacy` lays the server out as a 2025-03-26 one: no protected-resource metadata and no
`resource_metadata` in the challenge. "metadata": RFC 8414 metadata at the origin (issuer
= the origin) naming endpoints under /oauth/; "mismatch": the same document, but naming
issuer <origin>/oauth; "defaults": no metadata at all, endpoints at the default paths.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from types import TracebackType
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

from tests.live.http_server import EchoHeadersServer

CALL_SECONDS = 0.3


class OAuthServer:
    def __init__(
        self,
        *,
        approve: str = "auto",
        expires_in: int = 3600,
        protected: bool = True,
        legacy: str | None = None,
    ) -> None:
        self.approve = approve
        self.legacy = legacy
        self.prefix = "/oauth" if legacy in ("metadata", "mismatch") else ""
        self.protected = protected
        self.in_flight = 0
        self.most_in_flight = 0  # tools/call answered at once (each takes CALL_SECONDS)
        self._lock = threading.Lock()
        self.expires_in = expires_in
        self.seen: Counter[str] = Counter()
        self.token_forms: list[dict[str, str]] = []
        self.token_headers: list[str] = []
        self.valid: dict[str, float] = {}  # access token -> expiry
        self.refresh: set[str] = set()
        self.challenges: dict[str, str] = {}  # code -> code_challenge
        self.idp_forms: list[dict[str, str]] = []
        self.id_jags: set[str] = set()
        self._numbers = itertools.count(1)
        self._echo = EchoHeadersServer(None)
        self._echo.httpd.server_close()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: Any) -> None:
                pass

            def do_GET(self) -> None:
                outer.get(self)

            def do_POST(self) -> None:
                outer.post(self)

            def do_DELETE(self) -> None:
                self.send_response(405)
                self.end_headers()

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.url = f"{self.origin}/mcp"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> OAuthServer:
        self.thread.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    # -- GET ----------------------------------------------------------------------

    def get(self, h: BaseHTTPRequestHandler) -> None:
        path, _, query = h.path.partition("?")
        self.seen[f"GET {path}"] += 1
        if path == "/.well-known/oauth-protected-resource/mcp" and not self.legacy:
            send_json(h, 200, {"resource": self.url, "authorization_servers": [self.origin]})
        elif path == "/.well-known/oauth-authorization-server" and self.legacy != "defaults":
            send_json(h, 200, self.metadata())
        elif path == f"{self.prefix}/authorize":
            self.authorize(h, {k: v[0] for k, v in parse_qs(query).items()})
        else:
            send_json(h, 404, {"error": "not found"})

    def metadata(self) -> dict[str, Any]:
        base = f"{self.origin}{self.prefix}"
        return {
            "issuer": base if self.legacy == "mismatch" else self.origin,
            "authorization_endpoint": f"{base}/authorize",
            "token_endpoint": f"{base}/token",
            "registration_endpoint": f"{base}/register",
            "response_types_supported": ["code"],
            "grant_types_supported": ["authorization_code", "refresh_token", "client_credentials"],
            "code_challenge_methods_supported": ["S256"],
            "token_endpoint_auth_methods_supported": [
                "none",
                "client_secret_basic",
                "client_secret_post",
            ],
        }

    def authorize(self, h: BaseHTTPRequestHandler, params: dict[str, str]) -> None:
        if self.approve == "person":
            h.send_response(200)
            h.send_header("Content-Type", "text/html")
            h.end_headers()
            h.wfile.write(b"<form>log in</form>")
            return
        code = f"code-{next(self._numbers)}"
        self.challenges[code] = params.get("code_challenge", "")
        query = urlencode({"code": code, "state": params.get("state", "")})
        h.send_response(302)
        h.send_header("Location", f"{params['redirect_uri']}?{query}")
        h.end_headers()

    # -- POST ---------------------------------------------------------------------

    def post(self, h: BaseHTTPRequestHandler) -> None:
        body = h.rfile.read(int(h.headers.get("content-length", "0")))
        path = urlsplit(h.path).path
        self.seen[f"POST {path}"] += 1
        if path == f"{self.prefix}/register":
            send_json(h, 201, {**json.loads(body), "client_id": "registered-client"})
        elif path == "/idp/token":  # the enterprise identity provider's token exchange
            form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
            self.idp_forms.append(form)
            grant = f"id-jag-{next(self._numbers)}-x"
            self.id_jags.add(grant)
            send_json(h, 200, {"access_token": grant, "token_type": "N_A"})
        elif path == f"{self.prefix}/token":
            form = {k: v[0] for k, v in parse_qs(body.decode()).items()}
            self.token_forms.append(form)
            self.token_headers.append(h.headers.get("authorization", ""))
            self.token(h, form)
        elif path == "/mcp":
            self.mcp(h, json.loads(body))
        else:
            send_json(h, 404, {"error": "not found"})

    def token(self, h: BaseHTTPRequestHandler, form: dict[str, str]) -> None:
        grant = form.get("grant_type")
        if grant == "authorization_code":
            verifier = form.get("code_verifier", "").encode()
            digest = hashlib.sha256(verifier).digest()
            challenge = base64.urlsafe_b64encode(digest).rstrip(b"=").decode()
            if self.challenges.pop(form.get("code", ""), None) != challenge:
                send_json(h, 400, {"error": "invalid_grant"})
                return
        elif grant == "refresh_token":
            if form.get("refresh_token") not in self.refresh:
                send_json(h, 400, {"error": "invalid_grant"})
                return
        elif grant == "urn:ietf:params:oauth:grant-type:jwt-bearer":
            if form.get("assertion") not in self.id_jags:
                send_json(h, 400, {"error": "invalid_grant"})
                return
        elif grant != "client_credentials":
            send_json(h, 400, {"error": "unsupported_grant_type"})
            return
        number = next(self._numbers)
        access, refresh = f"access-token-{number}-x", f"refresh-token-{number}-x"
        self.valid[access] = time.time() + self.expires_in
        self.refresh.add(refresh)
        answer = {"access_token": access, "token_type": "Bearer", "expires_in": self.expires_in}
        if grant in ("authorization_code", "refresh_token"):
            answer["refresh_token"] = refresh
        send_json(h, 200, answer)

    def mcp(self, h: BaseHTTPRequestHandler, message: dict[str, Any]) -> None:
        self.seen[f"mcp {message.get('method')}"] += 1
        token = h.headers.get("authorization", "").removeprefix("Bearer ")
        if self.protected and self.valid.get(token, 0) < time.time():
            challenge = 'Bearer error="invalid_token"'
            if not self.legacy:
                prm = f"{self.origin}/.well-known/oauth-protected-resource/mcp"
                challenge += f', resource_metadata="{prm}"'
            send_json(h, 401, {"error": "invalid_token"}, {"WWW-Authenticate": challenge})
            return
        if "id" not in message:
            h.send_response(202)
            h.end_headers()
            return
        headers = {k.lower(): v for k, v in h.headers.items()}
        if message.get("method") == "tools/call":
            with self._lock:
                self.in_flight += 1
                self.most_in_flight = max(self.most_in_flight, self.in_flight)
            time.sleep(CALL_SECONDS)
            with self._lock:
                self.in_flight -= 1
        answer = self._echo.answer(message, headers)
        if message.get("method") == "tools/list":  # more tools, so fuzz calls can overlap
            # Read-only tools with a required argument: their malformed cases run concurrently.
            schema = {"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]}
            extra = {"inputSchema": schema, "annotations": {"readOnlyHint": True}}
            tools = answer["result"]["tools"]
            tools += [{**tools[0], **extra, "name": f"lookup{n}"} for n in range(1, 4)]
        send_json(h, 200, answer)


def send_json(
    h: BaseHTTPRequestHandler, status: int, body: Any, headers: dict[str, str] | None = None
) -> None:
    data = json.dumps(body).encode()
    h.send_response(status)
    h.send_header("Content-Type", "application/json")
    h.send_header("Content-Length", str(len(data)))
    for name, value in (headers or {}).items():
        h.send_header(name, value)
    h.end_headers()
    h.wfile.write(data)
