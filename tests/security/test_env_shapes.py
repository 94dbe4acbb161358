"""`--env` values are secrets by their name or their shape, not all of them.

Every secret is replaced everywhere in a recording, so `--env AWS_REGION=us-east-1` used to turn
each "us-east-1" in the server's own descriptions into [REDACTED], and `--env DEBUG=false` each
"false". A credential must still never be written, whatever name it is given.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.secret_shape import secret_value
from mcpvcr.targets import stdio_target, url_target
from tests.live.helpers import REPO, run_mcpvcr

PUBLIC = [
    ("AWS_REGION", "us-east-1"),
    ("GCP_REGION", "europe-west4"),
    ("DEBUG", "false"),
    ("LOG_LEVEL", "info"),
    ("PORT", "8080"),
    ("TIMEOUT", "2.5"),
    ("ROOT", "/srv/data"),
    ("DB_HOST", "db.internal:5432"),
    ("MODE", "read-only"),
    ("VERSION", "v1.2.3"),
    ("ACCEPT", "application/json"),
    ("BASE_URL", "https://api.example.com/v2"),
]
SECRET = [
    ("API_TOKEN", "abcd"),  # named a credential: any value
    ("DB_PW", "hunter2"),
    ("OPENAI_API_KEY", "production"),
    ("X-Goog-Api-Key", "AIzaSy0"),
    ("SESSION_COOKIE", "true"),
    ("WEIRD", "hunter2"),  # letters and digits under a harmless name
    ("WEIRD", "ghp_aBcD1234efGH5678"),
    ("WEIRD", "550e8400-e29b-41d4-a716-446655440000"),
    ("WEIRD", "abcdefghijklmnopqrstuvwxyzab"),  # a long run of letters
    ("WEIRD", "p@ss w0rd!"),
]


@pytest.mark.parametrize(("name", "value"), PUBLIC)
def test_a_public_value_is_not_a_secret(name: str, value: str) -> None:
    assert not secret_value(name, value)
    assert value not in stdio_target(["srv"], env={name: value}).secret_values()


@pytest.mark.parametrize(("name", "value"), SECRET)
def test_a_credential_is_a_secret_by_name_or_shape(name: str, value: str) -> None:
    assert secret_value(name, value)
    assert value in stdio_target(["srv"], env={name: value}).secret_values()


def test_every_header_value_stays_a_secret() -> None:
    """A header exists to authenticate or route (a tenant, a team): no shape makes it public."""
    target = url_target("http://127.0.0.1:9/mcp", headers={"X-Team": "blue-team"})
    assert "blue-team" in target.secret_values()


def test_a_public_urls_credentials_stay_secret() -> None:
    target = stdio_target(["srv"], env={"ENDPOINT": "https://u:pa55w0rd@h.example/x?key=k9Zx"})
    assert {"pa55w0rd", "k9Zx"} <= set(target.secret_values())


def test_record_keeps_public_env_values_and_hides_credentials(tmp_path: Path) -> None:
    """The server shows its ECHO_ environment in its tool description and answers."""
    out = tmp_path / "echo.mcpvcr"
    env = {
        "ECHO_REGION": "us-east-1",
        "ECHO_FLAG": "false",
        "ECHO_ROOT": "/srv/data",
        "ECHO_PASSWORD": "correcthorse",
        "ECHO_OTHER": "tok-4Rz8Qm2Lx6Wp",
    }
    run = run_mcpvcr(
        "record",
        "--stdio",
        f"{sys.executable} -m tests.security.echo_launch_server",
        *(arg for key, value in env.items() for arg in ("--env", f"{key}={value}")),
        "--env",
        f"PYTHONPATH={REPO}",
        "--fuzz",
        "-o",
        str(out),
    )
    assert run.returncode == 0, run.stderr
    data = out.read_bytes().decode("utf-8", "replace")
    (tool,) = store.load(out).tools or []
    described = tool["description"]
    assert "ECHO_REGION=us-east-1" in described
    assert "ECHO_FLAG=false" in described and "ECHO_ROOT=/srv/data" in described
    assert "ECHO_PASSWORD=[REDACTED]" in described and "ECHO_OTHER=[REDACTED]" in described
    for secret in ("correcthorse", "tok-4Rz8Qm2Lx6Wp"):
        assert secret not in data + run.stdout + run.stderr
