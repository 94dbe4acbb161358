"""How `record` authorizes itself at an OAuth-protected HTTP server (pure; no mcp import).

The settings come from `--oauth-*` options, each with an `MCPVCR_OAUTH_*`
environment variable as its default (so CI keeps secrets out of the command
line). Two grants:

- `authorization_code` (the default): for people. The client is pre-registered
  (`--oauth-client-id`, optionally a secret), identified by a client ID metadata
  document (`--oauth-client-metadata-url`), or registered dynamically.
- `client_credentials`: for CI. `--oauth-client-id` plus a secret
  (client_secret_basic or client_secret_post) or a private key (private_key_jwt).
- `identity_assertion` (enterprise-managed authorization, SEP-990): an ID token
  from the enterprise identity provider is exchanged there for an identity
  assertion grant (ID-JAG), which the client (`--oauth-client-id` and secret)
  presents to the authorization server with the jwt-bearer grant.

Tokens and registrations are cached in `cache_dir()` (the user's cache
directory), never in the repository; see mcpvcr.live.oauth.storage.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from mcpvcr.errors import UsageError

Grant = Literal["authorization_code", "client_credentials", "identity_assertion"]
AuthMethod = Literal["client_secret_basic", "client_secret_post", "private_key_jwt", "none"]
GRANTS: tuple[Grant, ...] = ("authorization_code", "client_credentials", "identity_assertion")
AUTH_METHODS: tuple[AuthMethod, ...] = (
    "client_secret_basic",
    "client_secret_post",
    "private_key_jwt",
    "none",
)
ENV_PREFIX = "MCPVCR_OAUTH_"
CACHE_ENV = "MCPVCR_OAUTH_CACHE_DIR"
_T = TypeVar("_T", bound=str)


@dataclass(frozen=True, kw_only=True)
class OAuthSettings:
    """What the OAuth client may use; `enabled=False` leaves a 401 a plain error."""

    enabled: bool = True
    grant: Grant = "authorization_code"
    client_id: str | None = None
    client_secret: str | None = None
    private_key_pem: str | None = None
    signing_algorithm: str = "RS256"
    auth_method: AuthMethod | None = None
    scope: str | None = None
    client_metadata_url: str | None = None
    redirect_port: int = 0
    cache: bool = True
    id_token: str | None = None
    idp_token_endpoint: str | None = None
    idp_client_id: str | None = None
    issuer: str | None = None

    def secret_values(self) -> list[str]:
        """Values that must never be written anywhere mcpvcr writes."""
        values = (self.client_secret, self.private_key_pem, self.id_token)
        return [value for value in values if value]

    def token_auth_method(self) -> AuthMethod:
        """The token endpoint authentication for a configured client."""
        if self.auth_method is not None:
            return self.auth_method
        if self.private_key_pem:
            return "private_key_jwt"
        return "client_secret_basic" if self.client_secret else "none"


def oauth_settings(
    *,
    enabled: bool = True,
    grant: str | None = None,
    client_id: str | None = None,
    client_secret: str | None = None,
    private_key: str | None = None,
    signing_algorithm: str | None = None,
    auth_method: str | None = None,
    scope: str | None = None,
    client_metadata_url: str | None = None,
    redirect_port: int | None = None,
    cache: bool = True,
    id_token: str | None = None,
    idp_token_endpoint: str | None = None,
    idp_client_id: str | None = None,
    issuer: str | None = None,
    environ: Mapping[str, str] | None = None,
) -> OAuthSettings:
    """OAuthSettings from option values; an option left out falls back to MCPVCR_OAUTH_<NAME>."""
    env = os.environ if environ is None else environ

    def pick(value: str | None, name: str) -> str | None:
        chosen = value if value is not None else env.get(ENV_PREFIX + name)
        return chosen.strip() or None if chosen is not None else None

    grant_value = pick(grant, "GRANT") or "authorization_code"
    method_value = pick(auth_method, "AUTH_METHOD")
    key_file = pick(private_key, "PRIVATE_KEY_FILE")
    settings = OAuthSettings(
        enabled=enabled,
        grant=_choice(grant_value, GRANTS, "--oauth-grant"),
        client_id=pick(client_id, "CLIENT_ID"),
        client_secret=pick(client_secret, "CLIENT_SECRET"),
        private_key_pem=_read_key(key_file) if key_file else None,
        signing_algorithm=pick(signing_algorithm, "SIGNING_ALG") or "RS256",
        auth_method=_choice(method_value, AUTH_METHODS, "--oauth-auth-method")
        if method_value
        else None,
        scope=pick(scope, "SCOPE"),
        client_metadata_url=pick(client_metadata_url, "CLIENT_METADATA_URL"),
        redirect_port=redirect_port or 0,
        cache=cache,
        id_token=pick(id_token, "ID_TOKEN"),
        idp_token_endpoint=pick(idp_token_endpoint, "IDP_TOKEN_ENDPOINT"),
        idp_client_id=pick(idp_client_id, "IDP_CLIENT_ID"),
        issuer=pick(issuer, "ISSUER"),
    )
    _check(settings)
    return settings


def _choice(value: str, allowed: tuple[_T, ...], option: str) -> _T:
    for candidate in allowed:
        if value == candidate:
            return candidate
    raise UsageError(f"{option} {value!r}: expected one of {', '.join(allowed)}")


def _read_key(path: str) -> str:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else "not readable text"
        raise UsageError(f"--oauth-private-key {path}: {reason}") from None
    if "PRIVATE KEY-----" not in text:
        raise UsageError(f"--oauth-private-key {path}: not a PEM private key")
    return text


def _check(settings: OAuthSettings) -> None:
    method = settings.token_auth_method()
    if settings.grant == "client_credentials":
        if not settings.client_id:
            raise UsageError("--oauth-grant client_credentials needs --oauth-client-id")
        if method == "none":
            raise UsageError(
                "--oauth-grant client_credentials needs --oauth-client-secret "
                "or --oauth-private-key"
            )
    if settings.grant == "identity_assertion":
        needed = {
            "--oauth-client-id": settings.client_id,
            "--oauth-client-secret": settings.client_secret,
            "--oauth-id-token": settings.id_token,
            "--oauth-idp-token-endpoint": settings.idp_token_endpoint,
        }
        missing = [name for name, value in needed.items() if not value]
        if missing:
            raise UsageError(f"--oauth-grant identity_assertion needs {', '.join(missing)}")
    if method == "private_key_jwt" and settings.grant != "client_credentials":
        raise UsageError("private_key_jwt needs --oauth-grant client_credentials")
    if method == "private_key_jwt" and not settings.private_key_pem:
        raise UsageError("--oauth-auth-method private_key_jwt needs --oauth-private-key")
    if method in ("client_secret_basic", "client_secret_post") and not settings.client_secret:
        raise UsageError(f"--oauth-auth-method {method} needs --oauth-client-secret")
    if settings.client_secret and not settings.client_id:
        raise UsageError("--oauth-client-secret needs --oauth-client-id")
    url = settings.client_metadata_url
    if url is not None and not (url.startswith("https://") and len(url.split("/", 3)) == 4):
        raise UsageError(
            f"--oauth-client-metadata-url {url!r}: expected an https:// URL with a path"
        )


def cache_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where tokens are cached: $MCPVCR_OAUTH_CACHE_DIR, else the user's cache directory."""
    env = os.environ if environ is None else environ
    if env.get(CACHE_ENV):
        return Path(env[CACHE_ENV])
    base = env.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "mcpvcr" / "oauth"
