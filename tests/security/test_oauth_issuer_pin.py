"""Issue 23 item 14: `--oauth-issuer` pins the authorization server for every grant.

By design the client_credentials secret goes to whichever authorization server
the protected resource names. With `--oauth-issuer URL` a different one is
refused with one clear line before any request (token, registration,
authorization) reaches it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.live.oauth_server import OAuthServer
from tests.live.test_oauth import record

SECRET = "pinned-s3cret-value"
CC = {
    "MCPVCR_OAUTH_GRANT": "client_credentials",
    "MCPVCR_OAUTH_CLIENT_ID": "ci-client",
    "MCPVCR_OAUTH_CLIENT_SECRET": SECRET,
}


@pytest.mark.parametrize("grant", ["client_credentials", "authorization_code"])
@pytest.mark.parametrize("legacy", [None, "metadata"])
def test_another_issuer_is_refused_before_any_credential_is_sent(
    tmp_path: Path, grant: str, legacy: str | None
) -> None:
    env = CC if grant == "client_credentials" else {}
    with OAuthServer(legacy=legacy) as server:
        code, output, out = record(
            server, tmp_path, "--oauth-issuer", "https://as.example.org", **env
        )
    assert code == 3, output
    assert "not the pinned --oauth-issuer https://as.example.org" in output
    assert server.seen["POST /token"] == 0 and server.seen["POST /oauth/token"] == 0
    assert server.seen["POST /register"] == 0 and server.seen["POST /oauth/register"] == 0
    assert SECRET not in output and "Traceback" not in output
    assert not out.exists()


def test_the_named_issuer_when_pinned_is_used(tmp_path: Path) -> None:
    with OAuthServer() as server:
        code, output, _ = record(server, tmp_path, "--oauth-issuer", server.origin + "/", **CC)
    assert code == 0, output
    assert server.token_forms and server.token_forms[0]["grant_type"] == "client_credentials"
