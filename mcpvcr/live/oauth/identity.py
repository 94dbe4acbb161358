"""Enterprise-managed authorization (SEP-990): an IdP's ID token turned into an MCP access token.

Two legs. At the identity provider, an RFC 8693 token exchange turns the user's ID token
into an identity assertion authorization grant (ID-JAG) for the authorization server
(`audience`) and this MCP server (`resource`). The SDK's IdentityAssertionOAuthProvider then
presents the ID-JAG to the authorization server with the RFC 7523 jwt-bearer grant.

The authorization server is `--oauth-issuer`, else the first one the server's protected
resource metadata names (path-based, then root well-known URL; its `resource` must cover
the server URL, as in the authorization-code flow).
"""

from __future__ import annotations

from collections.abc import AsyncGenerator, Awaitable, Callable
from urllib.parse import urlsplit

import httpx2
from mcp.client.auth.extensions.identity_assertion import IdentityAssertionOAuthProvider
from mcp.shared.auth_utils import check_resource_allowed, resource_url_from_server_url

from mcpvcr.errors import CannotRun
from mcpvcr.live.oauth.storage import CachedStorage
from mcpvcr.redaction import redact
from mcpvcr.targets import Target

TOKEN_EXCHANGE = "urn:ietf:params:oauth:grant-type:token-exchange"
ID_JAG = "urn:ietf:params:oauth:token-type:id-jag"
ID_TOKEN = "urn:ietf:params:oauth:token-type:id_token"


class _IdentityAssertion(IdentityAssertionOAuthProvider):
    """The SDK provider, with its failures as one line naming the target."""

    _mcpvcr_target: Target

    async def async_auth_flow(
        self, request: httpx2.Request
    ) -> AsyncGenerator[httpx2.Request, httpx2.Response]:
        """httpx2's public Auth hook around the SDK's own (which follows redirects)."""
        flow = super().async_auth_flow(request)
        try:
            outgoing = await flow.__anext__()
            while True:
                response = yield outgoing
                outgoing = await flow.asend(response)
        except StopAsyncIteration:
            return
        except CannotRun:
            raise
        except Exception as err:  # the SDK's OAuthFlowError, httpx2 errors
            raise CannotRun(failure_text(self._mcpvcr_target, err)) from None
        finally:
            await flow.aclose()


async def identity_provider(target: Target) -> httpx2.Auth:
    """The SEP-990 provider for `target` (resolves the authorization server first)."""
    settings = target.oauth
    assert target.url is not None and settings.client_id and settings.client_secret
    issuer = settings.issuer or await _issuer_from_resource_metadata(target)
    method = settings.token_auth_method()
    provider = _IdentityAssertion(
        target.url,
        CachedStorage(target),
        settings.client_id,
        settings.client_secret,
        issuer,
        _exchange_at_idp(target),
        scope=settings.scope,
        token_endpoint_auth_method=(
            "client_secret_post" if method == "client_secret_post" else "client_secret_basic"
        ),
    )
    provider._mcpvcr_target = target
    return provider


def _exchange_at_idp(target: Target) -> Callable[[str, str], Awaitable[str]]:
    """Leg one: the RFC 8693 token exchange at the identity provider, answering the ID-JAG."""
    settings = target.oauth

    async def exchange(audience: str, resource: str) -> str:
        assert settings.idp_token_endpoint and settings.id_token
        form = {
            "grant_type": TOKEN_EXCHANGE,
            "requested_token_type": ID_JAG,
            "subject_token": settings.id_token,
            "subject_token_type": ID_TOKEN,
            "audience": audience,
            "resource": resource,
        }
        if settings.idp_client_id:
            form["client_id"] = settings.idp_client_id
        async with httpx2.AsyncClient(timeout=30.0) as client:
            response = await client.post(settings.idp_token_endpoint, data=form)
        try:
            grant = response.json().get("access_token") if response.status_code == 200 else None
        except ValueError:
            grant = None
        if not isinstance(grant, str) or not grant:
            raise CannotRun(
                f"{target.label}: OAuth failed: the identity provider refused the token "
                f"exchange (HTTP {response.status_code})"
            )
        target.obtain([grant])
        return grant

    return exchange


async def _issuer_from_resource_metadata(target: Target) -> str:
    assert target.url is not None
    parts = urlsplit(target.url)
    origin = f"{parts.scheme}://{parts.netloc}"
    path = parts.path.rstrip("/")
    candidates = [f"{origin}/.well-known/oauth-protected-resource{path}"] if path else []
    candidates.append(f"{origin}/.well-known/oauth-protected-resource")
    async with httpx2.AsyncClient(timeout=30.0) as client:
        for url in candidates:
            try:
                response = await client.get(url)
                metadata = response.json() if response.status_code == 200 else None
            except (httpx2.HTTPError, ValueError):
                continue
            if not isinstance(metadata, dict):
                continue
            servers = metadata.get("authorization_servers")
            if not (isinstance(servers, list) and servers and isinstance(servers[0], str)):
                continue
            resource = metadata.get("resource")
            expected = resource_url_from_server_url(target.url)
            if isinstance(resource, str) and not check_resource_allowed(expected, resource):
                raise CannotRun(
                    f"{target.label}: OAuth failed: protected resource {resource} "
                    f"does not match {expected}"
                )
            return servers[0]
    raise CannotRun(
        f"{target.label}: OAuth failed: no protected resource metadata names an "
        "authorization server; give --oauth-issuer"
    )


def failure_text(target: Target, err: Exception) -> str:
    text = " ".join(str(err).split()) or type(err).__name__
    return f"{target.label}: OAuth failed: {redact(text, target.secret_values())[:300]}"
