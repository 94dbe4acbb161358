"""The OAuth 2.1 client: the SDK's providers with mcpvcr's policy on top.

The SDK's `OAuthClientProvider` (an httpx2.Auth) implements the MCP
authorization flow: protected-resource metadata from `WWW-Authenticate` and the
well-known paths, authorization-server metadata (RFC 8414, OpenID discovery,
and the 2025-03-26 fallbacks to the server's origin and default endpoints),
client ID metadata documents and dynamic registration, PKCE S256, scope
selection from the challenge and the metadata, the resource indicator on the
authorization and token requests, step-up on a 403 `insufficient_scope`, and
refresh. Its extensions add the client-credentials grant (client_secret_basic,
client_secret_post, and private_key_jwt signed with PyJWT, which `mcp` brings).

What mcpvcr adds (`_Policy`):
- a bound on re-authorizing: a 403 asking for scopes already granted is
  final (asking again cannot help), and at most MAX_AUTHORIZATIONS flows run
  per recording, so a server that rejects every token cannot keep a person
  (or an authorization server) busy;
- `--oauth-scope` replaces the scopes the server names;
- `--oauth-issuer` pins the authorization server: when the protected resource
  names another one (or, without resource metadata, its origin is another one),
  the flow stops before any request reaches that server, so a client secret,
  a private-key assertion or a registration goes nowhere else;
- a cached token's expiry survives the process, so it is refreshed, not sent stale;
- every failure of the flow becomes one line naming the target (CannotRun).

Issuer validation stays strict on every path, the 2025-03-26 one included: metadata
whose `issuer` is not the identifier its well-known URL was built from (for a server
without protected-resource metadata: the server's origin) is refused and not replaced
by the default endpoints, since a document that exists but cannot be trusted is not a
server "without metadata". The one-line failure says so, for the server's operator.
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncGenerator, Callable
from typing import Any

import httpx2
from mcp.client.auth import OAuthClientProvider
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
    SignedJWTParameters,
)
from mcp.client.auth.utils import extract_field_from_www_auth, issuers_match
from mcp.shared.auth import OAuthClientInformationFull, OAuthClientMetadata

from mcpvcr.errors import CannotRun
from mcpvcr.live.oauth.approve import Approval, person_present
from mcpvcr.live.oauth.storage import CachedStorage
from mcpvcr.live.statuses import status_text
from mcpvcr.redaction import redact
from mcpvcr.targets import Target

MAX_AUTHORIZATIONS = 3
OAUTH_REQUEST = "mcpvcr_oauth"
"""Marks the flow's own requests (metadata, registration, token) for the HTTP channel."""
CLIENT_NAME = "mcpvcr"
ISSUER_HINT = (
    " (metadata must name the issuer it was fetched for, RFC 8414 section 3.3;"
    " mcpvcr does not use it: the server's operator must fix its `issuer`)"
)


class _Policy:
    """Mixed into each SDK provider class (it must come first in the bases).

    It overrides httpx2's public `async_auth_flow` and three SDK hooks that have no public
    equivalent in mcp 2.3: `_perform_authorization` (`--oauth-scope` replacing the scope
    the SDK chose from the challenge, and counting flows), `_select_authorization_server`
    and `_expected_issuer` (`--oauth-issuer` pinning). The token cache is loaded here
    through the SDK's public `TokenStorage` and `context` (with the expiry the SDK does not
    store). `tests/live/test_oauth.py` covers each.
    """

    context: Any
    _mcpvcr_loaded: bool
    _mcpvcr_target: Target
    _mcpvcr_storage: CachedStorage
    _mcpvcr_gave_up: Callable[[httpx2.Response], None]
    _mcpvcr_granted: set[str]
    _mcpvcr_flows: int
    _mcpvcr_challenge: str

    def _mcpvcr_setup(
        self, target: Target, storage: CachedStorage, gave_up: Callable[[httpx2.Response], None]
    ) -> None:
        self._mcpvcr_target = target
        self._mcpvcr_storage = storage
        self._mcpvcr_gave_up = gave_up
        self._mcpvcr_granted = set()
        self._mcpvcr_flows = 0
        self._mcpvcr_challenge = ""
        self._mcpvcr_loaded = False

    def holds_token(self) -> bool:
        """A token is cached for this server (maybe renewable): no person is needed now."""
        return self._mcpvcr_storage.has_token()

    async def _mcpvcr_load(self) -> None:
        """The cached token and client, and the token's expiry (kept across processes)."""
        self._mcpvcr_loaded = True
        self.context.current_tokens = await self.context.storage.get_tokens()
        self.context.client_info = await self.context.storage.get_client_info()
        expires_at = self._mcpvcr_storage.expires_at()
        if self.context.current_tokens is not None and expires_at is not None:
            self.context.token_expiry_time = expires_at

    def _select_authorization_server(self, advertised: list[str]) -> str:
        pinned = self._mcpvcr_target.oauth.issuer
        if pinned is None:
            return str(super()._select_authorization_server(advertised))  # type: ignore[misc]
        for server in advertised:
            if issuers_match(server, pinned):
                return server
        raise CannotRun(self._not_pinned(", ".join(advertised)))

    def _expected_issuer(self) -> str:
        expected = str(super()._expected_issuer())  # type: ignore[misc]
        pinned = self._mcpvcr_target.oauth.issuer
        if pinned is not None and not issuers_match(expected, pinned):
            raise CannotRun(self._not_pinned(expected))
        return expected

    def _not_pinned(self, named: str) -> str:
        pinned = self._mcpvcr_target.oauth.issuer
        return (
            f"{self._mcpvcr_target.label}: the server's authorization server {named} is not "
            f"the pinned --oauth-issuer {pinned}; nothing was sent to it (check the server, "
            "or pin the issuer it names)"
        )

    async def _perform_authorization(self) -> httpx2.Request:
        scope = self._mcpvcr_target.oauth.scope
        if scope:
            self.context.client_metadata.scope = scope
        self._mcpvcr_flows += 1
        self._mcpvcr_granted |= set((self.context.client_metadata.scope or "").split())
        request: httpx2.Request = await super()._perform_authorization()  # type: ignore[misc]
        return request

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        """httpx2's public Auth hook: a fast path, else the SDK's flow under mcpvcr's policy.

        Fast path, without the SDK flow: it holds one lock until each answer's headers
        arrive, which would serialize every request (the fuzz pass's concurrency) even
        at a server that never asks for a token. The SDK flow is driven through its own
        public `async_auth_flow` (which also follows its requests' redirects).
        """
        if not self._mcpvcr_loaded:
            await self._mcpvcr_load()
        tokens = self.context.current_tokens
        if tokens is not None and not self.context.is_token_valid():
            answered = None  # expired: the SDK flow refreshes first
        else:
            if tokens is not None and tokens.access_token:
                request.headers["Authorization"] = f"Bearer {tokens.access_token}"
            answered = yield request
            if answered.status_code not in (401, 403):
                return
        flow = super().async_auth_flow(request)  # type: ignore[misc]
        try:
            outgoing = await flow.__anext__()
            while True:
                if answered is not None and outgoing is request and _same_token(request, tokens):
                    response = answered  # the challenge in hand: no need to send it again
                else:
                    response = yield outgoing
                answered = None
                if outgoing is request and response.status_code in (401, 403):
                    self._mcpvcr_challenge = status_text(response)
                    if self._final(response):
                        self._mcpvcr_gave_up(response)
                        return
                outgoing = await flow.asend(response)
                if outgoing is not request:
                    outgoing.extensions[OAUTH_REQUEST] = True  # see http._oauth_traffic
        except StopAsyncIteration:
            return
        except CannotRun:
            raise
        except Exception as err:  # the SDK's OAuthFlowError, httpx2 errors, invalid metadata
            raise CannotRun(self._failure(err)) from None
        finally:
            await flow.aclose()

    def _final(self, response: httpx2.Response) -> bool:
        """True when running the flow again for this answer cannot help."""
        if response.status_code not in (401, 403):
            return False
        if self._mcpvcr_flows >= MAX_AUTHORIZATIONS:
            return True
        if response.status_code == 403:
            if extract_field_from_www_auth(response, "error") != "insufficient_scope":
                return True
            wanted = set((extract_field_from_www_auth(response, "scope") or "").split())
            return wanted <= self._mcpvcr_granted
        return False

    def _failure(self, err: Exception) -> str:
        text = " ".join(str(err).split()) or type(err).__name__
        text = redact(text, self._mcpvcr_target.secret_values())
        challenge = f"{self._mcpvcr_challenge}; " if self._mcpvcr_challenge else ""
        hint = ISSUER_HINT if "issuer mismatch" in text else ""
        return f"{self._mcpvcr_target.label}: {challenge}OAuth failed: {text[:300]}{hint}"


def _same_token(request: httpx2.Request, tokens: Any) -> bool:
    """The SDK flow is about to send what was already sent (no token came in meanwhile)."""
    sent = request.headers.get("Authorization")
    held = f"Bearer {tokens.access_token}" if tokens is not None else None
    return sent == held


class _AuthCode(_Policy, OAuthClientProvider):
    pass


class _ClientSecret(_Policy, ClientCredentialsOAuthProvider):
    pass


class _PrivateKeyJwt(_Policy, PrivateKeyJWTOAuthProvider):
    pass


def build_provider(
    target: Target, gave_up: Callable[[httpx2.Response], None]
) -> tuple[httpx2.Auth, Callable[[], None]]:
    """The provider for `target`'s settings and a function that releases what it holds."""
    settings = target.oauth
    assert target.url is not None
    method = settings.token_auth_method()
    provider: _Policy
    release: Callable[[], None] = _nothing
    if settings.grant == "client_credentials":
        assert settings.client_id is not None
        storage = CachedStorage(target)
        with warnings.catch_warnings():
            # Without `issuer` the SDK warns that 3.0 will want it; mcpvcr takes the
            # authorization server the protected resource names, as the spec says.
            warnings.simplefilter("ignore")
            if method == "private_key_jwt":
                assert settings.private_key_pem is not None
                signer = SignedJWTParameters(
                    issuer=settings.client_id,
                    subject=settings.client_id,
                    signing_key=settings.private_key_pem,
                    signing_algorithm=settings.signing_algorithm,
                )
                provider = _PrivateKeyJwt(
                    target.url,
                    storage,
                    settings.client_id,
                    signer.create_assertion_provider(),
                    scope=settings.scope,
                )
            else:
                provider = _ClientSecret(
                    target.url,
                    storage,
                    settings.client_id,
                    settings.client_secret or "",
                    token_endpoint_auth_method=(
                        "client_secret_post"
                        if method == "client_secret_post"
                        else "client_secret_basic"
                    ),
                    scope=settings.scope,
                )
    else:
        approval = Approval(target.label, settings.redirect_port, interactive=person_present())
        release = approval.close
        storage = CachedStorage(target, seed_client=_configured_client(target, approval))
        provider = _AuthCode(
            target.url,
            OAuthClientMetadata(
                client_name=CLIENT_NAME,
                redirect_uris=[approval.redirect_uri],  # type: ignore[list-item]
                grant_types=["authorization_code", "refresh_token"],
                response_types=["code"],
                token_endpoint_auth_method="none",
                scope=settings.scope,
            ),
            storage,
            redirect_handler=approval.redirect_handler,
            callback_handler=approval.callback_handler,
            client_metadata_url=settings.client_metadata_url,
        )
    provider._mcpvcr_setup(target, storage, gave_up)
    assert isinstance(provider, httpx2.Auth)
    return provider, release


def _configured_client(target: Target, approval: Approval) -> OAuthClientInformationFull | None:
    """A pre-registered client from --oauth-client-id (and its secret), if given."""
    settings = target.oauth
    if not settings.client_id:
        return None
    return OAuthClientInformationFull(
        client_id=settings.client_id,
        client_secret=settings.client_secret,
        redirect_uris=[approval.redirect_uri],  # type: ignore[list-item]
        grant_types=["authorization_code", "refresh_token"],
        token_endpoint_auth_method=settings.token_auth_method(),
    )


def _nothing() -> None:
    return None
