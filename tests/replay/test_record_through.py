"""Record-through: the client gets the server's answer as sent; only the cassette is scrubbed
and redacted, with the target reached and its secrets known as `record` knows them."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.replay.test_modes import INIT, INITIALIZED, call, replay

MACHINE = f"{sys.executable} -m tests.servers machine_env"
SECRET = "s3cr3t-token-value-4711"


def test_the_client_gets_the_answer_as_sent_and_the_cassette_keeps_no_secret(
    tmp_path: Path,
) -> None:
    file = tmp_path / "machine.mcpvcr"
    messages = [INIT, INITIALIZED, call(2, "where", {})]
    code, answers = replay(
        file,
        "--mode",
        "all",
        "--target",
        MACHINE,
        "--env",
        f"SERVICE_TOKEN={SECRET}",
        "--scrub",
        "ZZ-[0-9]+",
        "--env",
        "LABEL=ZZ-12345",
        "--cwd",
        str(tmp_path),
        messages=messages,
    )
    assert code == 0
    seen = json.loads(answers[2]["result"]["content"][0]["text"])
    # exactly what the server said: the secret, the --scrub match, the real working folder
    assert seen["env"]["SERVICE_TOKEN"] == SECRET
    assert seen["env"]["LABEL"] == "ZZ-12345"
    assert seen["cwd"] == str(tmp_path)
    stored = file.read_bytes()
    assert SECRET.encode() not in stored
    assert b"ZZ-12345" not in stored
    assert b"SERVICE_TOKEN" in stored  # the name is kept, as `record` keeps it


def test_config_file_secrets_are_redacted_too(tmp_path: Path) -> None:
    config = tmp_path / "mcp.json"
    server: dict[str, Any] = {
        "command": sys.executable,
        "args": ["-m", "tests.servers", "machine_env"],
    }
    server["env"] = {"API_KEY": SECRET, "PYTHONPATH": str(Path.cwd())}
    config.write_text(json.dumps({"mcpServers": {"machine": server}}), encoding="utf-8")
    file = tmp_path / "machine.mcpvcr"
    messages = [INIT, INITIALIZED, call(2, "where", {})]
    args = ("--mode", "all", "--config", str(config), "--server", "machine")
    code, answers = replay(file, *args, messages=messages)
    assert code == 0
    assert json.loads(answers[2]["result"]["content"][0]["text"])["env"]["API_KEY"] == SECRET
    assert SECRET.encode() not in file.read_bytes()


def test_without_the_secret_named_the_value_is_stored() -> None:
    """The mirror: redaction is of what the target was given, not a guess."""
    from mcpvcr.redaction import redact

    assert redact({"text": SECRET}, []) == {"text": SECRET}
    assert SECRET not in json.dumps(redact({"text": SECRET}, [SECRET]))


def test_a_target_and_a_config_together_are_refused(tmp_path: Path) -> None:
    code, _ = replay(
        tmp_path / "x.mcpvcr",
        "--mode",
        "all",
        "--target",
        MACHINE,
        "--config",
        str(tmp_path / "mcp.json"),
        messages=[INIT],
    )
    assert code == 2


def test_an_http_targets_bearer_and_headers_are_redacted(tmp_path: Path) -> None:
    from tests.servers.launch import http_server

    file = tmp_path / "http.mcpvcr"
    messages = [INIT, INITIALIZED, call(2, "echo_headers", {})]
    with http_server("echo_headers") as url:
        code, answers = replay(
            file,
            "--mode",
            "all",
            "--target",
            url,
            "--bearer",
            SECRET,
            "--header",
            "X-Api-Key: key-0123456789abcdef",
            messages=messages,
        )
    assert code == 0
    echoed = answers[2]["result"]["structuredContent"]["headers"]
    lowered = {k.lower(): v for k, v in echoed.items()}
    assert lowered["authorization"] == f"Bearer {SECRET}"  # the client sees what was sent
    stored = file.read_bytes()
    assert SECRET.encode() not in stored and b"key-0123456789abcdef" not in stored
