"""Findings 2 and 3: secrets never leave the process, in any form a server echoes them."""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any
from urllib.parse import quote

from mcpvcr import redaction, store
from mcpvcr.targets import load_config_target
from tests.live.helpers import run_mcpvcr
from tests.security.hostile_http import HostileServer, contract

TOKEN = "tok-81c2e9-never-printed"
API_KEY = "KEY-5d0f7b-query"


def _every_form(text: str) -> list[str]:
    data = text.encode()
    return [
        text,
        base64.b64encode(data).decode(),
        base64.urlsafe_b64encode(data).decode().rstrip("="),
        quote(text, safe=""),
        data.hex(),
    ]


def _echo_in_error(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
    """initialize fails with a message carrying every header and the path, in many encodings."""
    if "id" not in message:
        return None
    seen = json.dumps(headers)
    forms = [seen, base64.b64encode(seen.encode()).decode(), quote(seen), seen.encode().hex()]
    text = " | ".join(forms)
    return {"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32000, "message": text}}


def test_handshake_error_echoing_the_credentials_prints_none_of_them(tmp_path: Path) -> None:
    with HostileServer(_echo_in_error) as server:
        url = f"{server.url}?api_key={API_KEY}"
        run = run_mcpvcr(
            "record", url, "--bearer", TOKEN, "-o", str(tmp_path / "x.mcpvcr"), "--timeout", "5"
        )
    assert run.returncode == 3
    assert "api_key" in run.stderr  # the server's message did arrive
    for secret in (TOKEN, API_KEY):
        for form in _every_form(secret):
            assert form not in run.stderr + run.stdout, form
    # each echoed form is still there, redacted
    assert run.stderr.count(redaction.REDACTED) >= 4


def test_token_as_url_user_is_masked_and_its_basic_form_never_stored(tmp_path: Path) -> None:
    user = "ghp_0123456789abcdefTOKEN"
    tools = []

    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        tools[:] = [{"name": "echo", "description": json.dumps(headers), "inputSchema": {}}]
        return contract(message, tools)

    out = tmp_path / "u.mcpvcr"
    with HostileServer(behave) as server:
        run = run_mcpvcr("record", f"http://{user}@{server.host}/mcp", "-o", str(out))
    assert run.returncode == 0, run.stderr
    basic = base64.b64encode(f"{user}:".encode()).decode()
    data = out.read_bytes()
    assert "basic" in store.load(out).tool_named("echo")["description"].lower()
    for form in (*_every_form(user), basic):
        assert form.encode() not in data
        assert form not in run.stderr + run.stdout


def test_secret_in_url_path_is_redacted_and_masked(tmp_path: Path) -> None:
    key = "sk9f3a7c2e1b0d4f6a8c"
    tools = []

    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        tools[:] = [{"name": "echo", "description": headers[":path"], "inputSchema": {}}]
        return contract(message, tools)

    out = tmp_path / "p.mcpvcr"
    with HostileServer(behave) as server:
        run = run_mcpvcr("record", f"{server.url}/{key}", "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert key.encode() not in out.read_bytes()
    assert key not in run.stderr + run.stdout
    assert "/mcp/***" in run.stderr


def test_value_expanded_from_env_into_config_args_is_a_secret(tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    config.write_text(
        json.dumps({"mcpServers": {"s": {"command": "srv", "args": ["--key=${MY_KEY}"]}}})
    )
    target = load_config_target(str(config), "s", environ={"MY_KEY": "exp4nded-secret"})
    assert "exp4nded-secret" in target.secret_values()
    echoed = {"text": "started with --key=exp4nded-secret"}
    assert redaction.redact(echoed, target.secret_values()) == {
        "text": "started with --key=[REDACTED]"
    }
    # a location from the environment is not a credential
    config.write_text(json.dumps({"mcpServers": {"s": {"command": "${HOME}/srv"}}}))
    home = load_config_target(str(config), "s", environ={"HOME": "/home/someone"})
    assert "/home/someone" not in home.secret_values()


def test_encoded_echoes_are_redacted_at_any_offset() -> None:
    secret = "s3cr3t-token-value"
    redactor = redaction.Redactor([secret])
    for prefix in ("", "a", "ab", "abc"):
        blob = base64.b64encode((prefix + secret + "tail").encode()).decode()
        assert redaction.REDACTED in redactor.text(blob), prefix
        url_blob = base64.urlsafe_b64encode((prefix + secret).encode()).decode()
        assert redaction.REDACTED in redactor.text(url_blob), prefix
    assert redactor.text(quote(secret, safe="")) == redaction.REDACTED
    assert redactor.text(secret.encode().hex().upper()) == redaction.REDACTED
    # mirror: text that carries no form of the secret is left alone
    assert redactor.text("an ordinary answer") == "an ordinary answer"


def test_scrub_pattern_is_stored_as_a_hash(tmp_path: Path) -> None:
    pattern = "hunter2-[0-9]+"
    tools = [{"name": "t", "description": "pw hunter2-77", "inputSchema": {}}]
    out = tmp_path / "s.mcpvcr"
    with HostileServer(lambda m, h: contract(m, tools)) as server:
        run = run_mcpvcr("record", server.url, "--scrub", pattern, "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert b"hunter2" not in out.read_bytes()
    stored = store.load(out).header["options"]["scrubPatterns"]
    assert stored == [redaction.pattern_hash(pattern)]
