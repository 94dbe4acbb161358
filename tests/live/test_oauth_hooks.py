"""Which SDK internals mcpvcr's OAuth client leans on: exactly these, and they still exist.

The policy overrides httpx2's public `async_auth_flow`. The private SDK hooks left have no
public equivalent in mcp 2.3: `_perform_authorization` (replace the scope the SDK chose,
count authorization flows), `_select_authorization_server` and `_expected_issuer`
(`--oauth-issuer` pinning, checked before any request reaches another server). A new SDK
that renames one fails here, not silently.
"""

from __future__ import annotations

from mcp.client.auth import OAuthClientProvider
from mcp.client.auth.extensions.client_credentials import (
    ClientCredentialsOAuthProvider,
    PrivateKeyJWTOAuthProvider,
)

from mcpvcr.live.oauth import identity, provider

PRIVATE_HOOKS = {"_perform_authorization", "_select_authorization_server", "_expected_issuer"}


def _sdk_privates_overridden(ours: type, sdk: type) -> set[str]:
    return {
        name
        for name in vars(ours)
        if name.startswith("_") and not name.startswith(("__", "_abc_")) and hasattr(sdk, name)
    }


def test_the_policy_overrides_only_the_listed_private_sdk_hooks_and_they_exist() -> None:
    for sdk in (OAuthClientProvider, ClientCredentialsOAuthProvider, PrivateKeyJWTOAuthProvider):
        assert _sdk_privates_overridden(provider._Policy, sdk) == PRIVATE_HOOKS
        assert all(callable(getattr(sdk, hook)) for hook in PRIVATE_HOOKS)
    assert "async_auth_flow" in vars(provider._Policy)


def test_the_identity_provider_overrides_no_private_sdk_hook() -> None:
    base = identity._IdentityAssertion.__mro__[1]
    assert _sdk_privates_overridden(identity._IdentityAssertion, base) == set()
    assert "async_auth_flow" in vars(identity._IdentityAssertion)


def test_the_check_sees_a_private_override() -> None:
    """Mirror: a class overriding an SDK private method is reported."""

    class Sneaky:
        def _initialize(self) -> None: ...

    assert _sdk_privates_overridden(Sneaky, OAuthClientProvider) == {"_initialize"}
