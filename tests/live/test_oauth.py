"""`mcpvcr record` at an OAuth-protected server: flows, token cache, refresh, redaction, errors."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from mcpvcr import store
from tests.live.helpers import run_mcpvcr
from tests.live.oauth_server import OAuthServer


def record(server: OAuthServer, tmp_path: Path, *args: str, **env: str) -> tuple[int, str, Path]:
    out = tmp_path / "c.mcpvcr"
    run = run_mcpvcr(
        "record",
        server.url,
        "-o",
        str(out),
        "--force",
        "--timeout",
        "5",
        *args,
        env={"MCPVCR_OAUTH_CACHE_DIR": str(tmp_path / "cache"), **env},
    )
    return run.returncode, run.stderr + run.stdout, out


def issued(server: OAuthServer) -> list[str]:
    return [*server.valid, *server.refresh]


def test_authorization_code_without_a_person_registers_authorizes_and_redacts(
    tmp_path: Path,
) -> None:
    with OAuthServer() as server:
        code, output, out = record(server, tmp_path)
    assert code == 0, output
    assert server.seen["POST /register"] == 1 and server.seen["GET /authorize"] == 1
    form = server.token_forms[0]
    assert form["grant_type"] == "authorization_code"
    assert form["resource"] == server.url  # the resource indicator
    description = store.load(out).tool_named("whoami")["description"]
    assert '"authorization": "Bearer [REDACTED]"' in description  # the server echoed it
    data = out.read_bytes()
    for secret in issued(server):
        assert secret.encode() not in data and secret not in output
    header = store.load(out).header
    assert "HTTP 401" not in str(store.load(out).body.get("diagnostics"))
    assert header["target"]["headerNames"] == []


def test_tokens_are_cached_0600_outside_the_repo_and_reused(tmp_path: Path) -> None:
    with OAuthServer() as server:
        first, output, out = record(server, tmp_path)
        assert first == 0, output
        before = out.read_bytes()
        second, output, out = record(server, tmp_path)
    assert second == 0, output
    assert server.seen["GET /authorize"] == 1  # the second run used the cached token
    assert out.read_bytes() == before  # a cached token records the same bytes
    files = list((tmp_path / "cache").iterdir())
    assert len(files) == 1
    assert stat.S_IMODE(files[0].stat().st_mode) == 0o600
    assert stat.S_IMODE((tmp_path / "cache").stat().st_mode) == 0o700


def test_an_expired_cached_token_is_refreshed_not_reauthorized(tmp_path: Path) -> None:
    with OAuthServer(expires_in=1) as server:
        assert record(server, tmp_path)[0] == 0
        time.sleep(1.5)
        code, output, _ = record(server, tmp_path)
    assert code == 0, output
    grants = [form["grant_type"] for form in server.token_forms]
    assert grants == ["authorization_code", "refresh_token"]
    assert server.seen["GET /authorize"] == 1


def test_no_oauth_cache_writes_nothing(tmp_path: Path) -> None:
    with OAuthServer() as server:
        code, output, _ = record(server, tmp_path, "--no-oauth-cache")
    assert code == 0, output
    assert not (tmp_path / "cache").exists()


def test_an_authorization_server_that_needs_a_person_fails_in_one_line(tmp_path: Path) -> None:
    with OAuthServer(approve="person") as server:
        code, output, out = record(server, tmp_path)
    assert code == 3
    last = output.strip().splitlines()[-1]
    assert "wants a person to approve" in last and server.url in last
    assert "Traceback" not in output
    assert server.seen["POST /token"] == 0
    assert not out.exists()


@pytest.mark.parametrize("method", ["client_secret_basic", "client_secret_post"])
def test_client_credentials_from_environment(tmp_path: Path, method: str) -> None:
    secret = "s3cret-from-env"
    with OAuthServer() as server:
        code, output, out = record(
            server,
            tmp_path,
            "--oauth-auth-method",
            method,
            MCPVCR_OAUTH_GRANT="client_credentials",
            MCPVCR_OAUTH_CLIENT_ID="ci-client",
            MCPVCR_OAUTH_CLIENT_SECRET=secret,
        )
    assert code == 0, output
    assert server.seen["GET /authorize"] == 0 and server.seen["POST /register"] == 0
    form, basic = server.token_forms[0], server.token_headers[0]
    assert form["grant_type"] == "client_credentials"
    if method == "client_secret_post":
        assert form["client_secret"] == secret and not basic
    else:
        assert basic.startswith("Basic ") and "client_secret" not in form
    assert secret.encode() not in out.read_bytes() and secret not in output


def test_no_oauth_leaves_a_401_a_plain_error(tmp_path: Path) -> None:
    with OAuthServer() as server:
        code, output, _ = record(server, tmp_path, "--no-oauth")
    assert code == 3
    assert "HTTP 401" in output.strip().splitlines()[-1]
    assert not any(key.startswith("GET /.well-known") for key in server.seen)


def test_a_given_bearer_token_is_used_instead_of_oauth(tmp_path: Path) -> None:
    with OAuthServer() as server:
        code, output, _ = record(server, tmp_path, "--bearer", "not-a-valid-token")
    assert code == 3 and "HTTP 401" in output
    assert server.seen["GET /authorize"] == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--oauth-grant", "client_credentials"], "needs --oauth-client-id"),
        (
            ["--oauth-grant", "client_credentials", "--oauth-client-id", "x"],
            "needs --oauth-client-secret or --oauth-private-key",
        ),
        (["--oauth-private-key", "/nonexistent/key.pem"], "/nonexistent/key.pem"),
        (["--oauth-client-metadata-url", "http://x/doc.json"], "expected an https:// URL"),
        (["--oauth-client-secret", "s"], "--oauth-client-secret needs --oauth-client-id"),
    ],
)
def test_bad_oauth_options_are_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    out = tmp_path / "x.mcpvcr"
    run = run_mcpvcr("record", "http://127.0.0.1:9/mcp", "-o", str(out), *args)
    assert run.returncode == 2
    assert message in run.stderr.strip().splitlines()[-1]
    assert "Traceback" not in run.stderr and not out.exists()


def test_oauth_options_apply_to_http_servers_only(tmp_path: Path) -> None:
    run = run_mcpvcr("record", "--stdio", "true", "--oauth-client-id", "x", "-o", "x.mcpvcr")
    assert run.returncode == 2
    assert "apply to HTTP servers only" in run.stderr


def test_private_key_jwt_signs_the_assertion_with_the_given_key(tmp_path: Path) -> None:
    from cryptography.hazmat.primitives import serialization
    from cryptography.hazmat.primitives.asymmetric import ec

    key = ec.generate_private_key(ec.SECP256R1())
    pem = key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    key_file = tmp_path / "key.pem"
    key_file.write_bytes(pem)
    os.chmod(key_file, 0o600)
    with OAuthServer() as server:
        code, output, out = record(
            server,
            tmp_path,
            "--oauth-grant",
            "client_credentials",
            "--oauth-client-id",
            "jwt-client",
            "--oauth-private-key",
            str(key_file),
            "--oauth-signing-alg",
            "ES256",
        )
    assert code == 0, output
    import jwt

    form = server.token_forms[0]
    assert form["client_assertion_type"].endswith("client-assertion-type:jwt-bearer")
    claims = jwt.decode(
        form["client_assertion"],
        key.public_key(),
        algorithms=["ES256"],
        audience=[server.origin, server.origin + "/"],  # the issuer identifier
    )
    assert claims["iss"] == claims["sub"] == "jwt-client"
    assert b"PRIVATE KEY" not in out.read_bytes()


FAKE_BROWSER = """#!{python}
import sys, time, urllib.request
open({log!r}, "a").write(sys.argv[1] + "\\n")
time.sleep(1.5)  # a person takes longer than --timeout
urllib.request.urlopen(sys.argv[1], timeout=20).read()  # follows the redirect to the loopback
"""


def test_a_person_at_a_terminal_approves_in_the_browser_before_the_recording(
    tmp_path: Path,
) -> None:
    import pty
    import subprocess
    import sys

    from tests.live.helpers import REPO

    log = tmp_path / "browser.log"
    browser = tmp_path / "browser"
    browser.write_text(FAKE_BROWSER.format(python=sys.executable, log=str(log)))
    browser.chmod(0o700)
    primary, secondary = pty.openpty()  # stdin is a terminal: a person is there
    out = tmp_path / "c.mcpvcr"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "BROWSER": f"{browser} %s",
        "MCPVCR_OAUTH_CACHE_DIR": str(tmp_path / "cache"),
    }
    # --timeout 0.5: the approval must not count against the recording's time-outs.
    with OAuthServer() as server:
        argv = [sys.executable, "-m", "mcpvcr", "record", server.url, "-o", str(out)]
        proc = subprocess.run(
            [*argv, "--timeout", "0.5", "--no-oauth-cache"],
            stdin=secondary,
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
            timeout=120,
            check=False,
        )
    os.close(primary)
    os.close(secondary)
    assert proc.returncode == 0, proc.stderr
    assert "to authorize, open this URL" in proc.stderr
    opened = log.read_text().strip()
    assert opened.startswith(f"{server.origin}/authorize?") and "code_challenge=" in opened
    assert "redirect_uri=http%3A%2F%2F127.0.0.1%3A" in opened  # the loopback redirect
    assert server.seen["GET /authorize"] == 1 and server.seen["POST /register"] == 1
    assert server.seen["mcp ping"] == 2  # challenged, then sent again with the token
    assert store.load(out).tool_named("whoami")


def test_identity_assertion_exchanges_the_id_token_at_the_idp_then_uses_jwt_bearer(
    tmp_path: Path,
) -> None:
    id_token = "enterprise-id-token-x"
    with OAuthServer() as server:
        code, output, out = record(
            server,
            tmp_path,
            "--oauth-grant",
            "identity_assertion",
            "--oauth-client-id",
            "xaa-client",
            "--oauth-idp-token-endpoint",
            f"{server.origin}/idp/token",
            "--oauth-idp-client-id",
            "idp-client",
            MCPVCR_OAUTH_CLIENT_SECRET="xaa-secret",
            MCPVCR_OAUTH_ID_TOKEN=id_token,
        )
    assert code == 0, output
    exchange = server.idp_forms[0]
    assert exchange["subject_token"] == id_token
    assert exchange["audience"].rstrip("/") == server.origin  # the issuer the metadata named
    assert exchange["resource"] == server.url
    assert server.token_forms[0]["grant_type"].endswith("grant-type:jwt-bearer")
    assert server.token_headers[0].startswith("Basic ")
    assert server.seen["GET /authorize"] == 0
    data = out.read_bytes()
    for secret in [id_token, *server.id_jags, *issued(server)]:
        assert secret.encode() not in data and secret not in output


def test_identity_assertion_names_what_it_misses(tmp_path: Path) -> None:
    run = run_mcpvcr(
        "record",
        "http://127.0.0.1:9/mcp",
        "-o",
        str(tmp_path / "x.mcpvcr"),
        "--oauth-grant",
        "identity_assertion",
        "--oauth-client-id",
        "c",
    )
    assert run.returncode == 2
    last = run.stderr.strip().splitlines()[-1]
    assert "--oauth-client-secret" in last and "--oauth-id-token" in last


@pytest.mark.parametrize("protected", [True, False])
def test_the_fuzz_pass_keeps_its_concurrency_with_oauth_in_place(
    tmp_path: Path, protected: bool
) -> None:
    # The SDK's flow holds a lock until each answer's headers arrive; requests that need
    # no flow must not go through it, or calls answered with JSON run one at a time.
    with OAuthServer(protected=protected) as server:
        code, output, _ = record(server, tmp_path, "--fuzz", "--concurrency", "4")
    assert code == 0, output
    assert server.seen["mcp tools/call"] >= 2
    assert server.most_in_flight >= 2


def test_without_resource_metadata_the_origins_metadata_names_the_endpoints(
    tmp_path: Path,
) -> None:
    # 2025-03-26 layout: the authorization base URL is the origin, and its RFC 8414
    # metadata (issuer = the origin) is what says where to register, authorize and get tokens.
    with OAuthServer(legacy="metadata") as server:
        code, output, _ = record(server, tmp_path)
    assert code == 0, output
    assert server.seen["GET /.well-known/oauth-authorization-server"] >= 1
    assert server.seen["POST /oauth/register"] == 1 and server.seen["GET /oauth/authorize"] == 1
    assert server.seen["POST /oauth/token"] == 1
    assert server.seen["GET /authorize"] == 0 and server.seen["POST /register"] == 0


def test_metadata_naming_another_issuer_is_refused_not_used_nor_replaced_by_defaults(
    tmp_path: Path,
) -> None:
    # The same document, naming issuer <origin>/oauth while served for the origin: it must
    # not be used (its endpoints), and invalid metadata is not "no metadata" (the defaults).
    with OAuthServer(legacy="mismatch") as server:
        code, output, out = record(server, tmp_path)
    assert code == 3, output
    last = output.strip().splitlines()[-1]
    assert "issuer mismatch" in last and f"{server.origin}/oauth" in last
    assert "RFC 8414 section 3.3" in last  # says why, for the server's operator
    assert server.url in last and "Traceback" not in output
    assert server.seen["GET /.well-known/oauth-authorization-server"] >= 1
    for used in ("POST /oauth/register", "GET /oauth/authorize", "POST /oauth/token"):
        assert server.seen[used] == 0, used
    for default in ("POST /register", "GET /authorize", "POST /token"):
        assert server.seen[default] == 0, default
    assert not out.exists()


def test_without_any_metadata_the_default_endpoints_at_the_origin_are_used(
    tmp_path: Path,
) -> None:
    with OAuthServer(legacy="defaults") as server:
        code, output, _ = record(server, tmp_path)
    assert code == 0, output
    assert server.seen["POST /register"] == 1 and server.seen["GET /authorize"] == 1
    assert server.seen["POST /token"] == 1
