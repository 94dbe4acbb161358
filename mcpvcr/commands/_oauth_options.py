"""The `--oauth-*` options of every command that talks to a live HTTP server.

Each value option falls back to an `MCPVCR_OAUTH_<NAME>` environment variable
(see mcpvcr.oauth_settings), so CI keeps client secrets off the command line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from mcpvcr.oauth_settings import AUTH_METHODS, GRANTS, OAuthSettings, oauth_settings

F = TypeVar("F", bound=Callable[..., Any])

OAUTH_KEYS = (
    "oauth",
    "oauth_grant",
    "oauth_client_id",
    "oauth_client_secret",
    "oauth_private_key",
    "oauth_signing_alg",
    "oauth_auth_method",
    "oauth_scope",
    "oauth_client_metadata_url",
    "oauth_redirect_port",
    "oauth_id_token",
    "oauth_idp_token_endpoint",
    "oauth_idp_client_id",
    "oauth_issuer",
    "oauth_cache",
)


def oauth_options(function: F) -> F:
    """Add the OAuth options (all optional; OAuth starts only on a 401 or 403)."""
    decorators = [
        click.option(
            "--oauth/--no-oauth",
            "oauth",
            default=True,
            show_default=True,
            help="Answer a 401 from an HTTP server with the OAuth 2.1 flow.",
        ),
        click.option(
            "--oauth-grant",
            type=click.Choice(GRANTS),
            default=None,
            help="authorization_code (default; a person approves) or client_credentials (CI). "
            "Env: MCPVCR_OAUTH_GRANT.",
        ),
        click.option(
            "--oauth-client-id",
            metavar="ID",
            help="A pre-registered client (else a client ID metadata document or dynamic "
            "registration). Env: MCPVCR_OAUTH_CLIENT_ID.",
        ),
        click.option(
            "--oauth-client-secret",
            metavar="SECRET",
            help="The client's secret; never recorded. Env: MCPVCR_OAUTH_CLIENT_SECRET.",
        ),
        click.option(
            "--oauth-private-key",
            metavar="PEM_FILE",
            help="Private key for private_key_jwt. Env: MCPVCR_OAUTH_PRIVATE_KEY_FILE.",
        ),
        click.option(
            "--oauth-signing-alg",
            metavar="ALG",
            help="JWT algorithm of --oauth-private-key (default RS256, e.g. ES256). "
            "Env: MCPVCR_OAUTH_SIGNING_ALG.",
        ),
        click.option(
            "--oauth-auth-method",
            type=click.Choice(AUTH_METHODS),
            default=None,
            help="Token endpoint authentication of a configured client (default: "
            "client_secret_basic with a secret, private_key_jwt with a key). "
            "Env: MCPVCR_OAUTH_AUTH_METHOD.",
        ),
        click.option(
            "--oauth-scope",
            metavar='"S1 S2"',
            help="Scopes to request instead of those the server names. Env: MCPVCR_OAUTH_SCOPE.",
        ),
        click.option(
            "--oauth-client-metadata-url",
            metavar="URL",
            help="Client ID metadata document (an https URL you host), used when the "
            "authorization server supports it. Env: MCPVCR_OAUTH_CLIENT_METADATA_URL.",
        ),
        click.option(
            "--oauth-redirect-port",
            type=click.IntRange(min=0, max=65535),
            default=None,
            help="Port of the loopback redirect URI (default: any free port).",
        ),
        click.option(
            "--oauth-id-token",
            metavar="TOKEN",
            help="identity_assertion: your ID token from the enterprise identity provider; "
            "never recorded. Env: MCPVCR_OAUTH_ID_TOKEN.",
        ),
        click.option(
            "--oauth-idp-token-endpoint",
            metavar="URL",
            help="identity_assertion: the identity provider's token endpoint. "
            "Env: MCPVCR_OAUTH_IDP_TOKEN_ENDPOINT.",
        ),
        click.option(
            "--oauth-idp-client-id",
            metavar="ID",
            help="identity_assertion: mcpvcr's client id at the identity provider. "
            "Env: MCPVCR_OAUTH_IDP_CLIENT_ID.",
        ),
        click.option(
            "--oauth-issuer",
            metavar="URL",
            help="Pin the authorization server (every grant): refuse one the server's "
            "resource metadata names otherwise, before any credential is sent; "
            "identity_assertion: the one to use. Env: MCPVCR_OAUTH_ISSUER.",
        ),
        click.option(
            "--oauth-cache/--no-oauth-cache",
            "oauth_cache",
            default=True,
            show_default=True,
            help="Keep tokens in the user's cache directory between runs "
            "(or $MCPVCR_OAUTH_CACHE_DIR).",
        ),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def oauth_from_kwargs(kwargs: dict[str, Any]) -> OAuthSettings:
    """OAuthSettings from the parsed option values (missing keys mean defaults)."""
    return oauth_settings(
        enabled=kwargs.get("oauth") is not False,
        grant=kwargs.get("oauth_grant"),
        client_id=kwargs.get("oauth_client_id"),
        client_secret=kwargs.get("oauth_client_secret"),
        private_key=kwargs.get("oauth_private_key"),
        signing_algorithm=kwargs.get("oauth_signing_alg"),
        auth_method=kwargs.get("oauth_auth_method"),
        scope=kwargs.get("oauth_scope"),
        client_metadata_url=kwargs.get("oauth_client_metadata_url"),
        redirect_port=kwargs.get("oauth_redirect_port"),
        cache=kwargs.get("oauth_cache") is not False,
        id_token=kwargs.get("oauth_id_token"),
        idp_token_endpoint=kwargs.get("oauth_idp_token_endpoint"),
        idp_client_id=kwargs.get("oauth_idp_client_id"),
        issuer=kwargs.get("oauth_issuer"),
    )


def given_oauth_options(kwargs: dict[str, Any]) -> list[str]:
    """The OAuth options the user actually set (for "applies to HTTP only" errors)."""
    switched = [key for key in ("oauth", "oauth_cache") if kwargs.get(key) is False]
    valued = [key for key in OAUTH_KEYS[1:-1] if kwargs.get(key) is not None]
    return switched + valued
