"""Issue 23 item 1: a value a config expands (`${VAR}`, `${input:ID}`) is a secret everywhere.

The server below echoes its argv and environment into a tool description and into
every answer; with `record --config F --server NAME` and with a fleet (`--all`) no
clear copy of the expanded token may reach the cassette, stdout or stderr.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from mcpvcr.commands._target_options import build_target
from mcpvcr.fleet.sources import config_specs
from tests.live.helpers import REPO, run_mcpvcr

ARG_TOKEN = "argtok-7Qx9Lw2Rk4Vp"
INPUT_TOKEN = "inptok-3Hs8Dm1Zc6Jb"
ENV_TOKEN = "envtok-5Nf2Gy7Ta0Wq"


def _config(tmp_path: Path) -> Path:
    config = tmp_path / "mcp.json"
    server = {
        "command": sys.executable,
        "args": [
            "-m",
            "tests.security.echo_launch_server",
            "--key=${ECHO_ARG}",
            "--input=${input:api}",
        ],
        "env": {"ECHO_SECRET": "${ECHO_ENVTOK}", "PYTHONPATH": str(REPO)},
    }
    config.write_text(json.dumps({"mcpServers": {"echo": server}}), encoding="utf-8")
    return config


ENV = {"ECHO_ARG": ARG_TOKEN, "MCPVCR_INPUT_API": INPUT_TOKEN, "ECHO_ENVTOK": ENV_TOKEN}


def _assert_clean(blob: str) -> None:
    for token in (ARG_TOKEN, INPUT_TOKEN, ENV_TOKEN):
        assert token not in blob, token


def test_merge_keeps_the_expanded_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key, value in ENV.items():
        monkeypatch.setenv(key, value)
    target = build_target(config=str(_config(tmp_path)), server=("echo",), env=("EXTRA=xyz12345",))
    secrets = target.secret_values()
    assert ARG_TOKEN in secrets and INPUT_TOKEN in secrets and ENV_TOKEN in secrets
    assert "xyz12345" in secrets


def test_fleet_spec_carries_the_expanded_values(tmp_path: Path) -> None:
    (spec,) = config_specs(str(_config(tmp_path)), environ=ENV)
    assert {ARG_TOKEN, INPUT_TOKEN} <= set(spec.secrets)
    # the launch-spec hash is the same whatever the token: a secret is not an identity
    (other,) = config_specs(
        str(_config(tmp_path)), environ={**ENV, "ECHO_ARG": "argtok-8Zp3Lq1Xv5Rm"}
    )
    assert spec.spec_hash("none", {}) == other.spec_hash("none", {})


def test_record_config_server_writes_no_expanded_value(tmp_path: Path) -> None:
    out = tmp_path / "echo.mcpvcr"
    config = _config(tmp_path)
    run = run_mcpvcr(
        "record", "--config", str(config), "--server", "echo", "-o", str(out), "--fuzz", env=ENV
    )
    assert run.returncode == 0, run.stderr
    data = out.read_bytes().decode("utf-8", "replace")
    assert "[REDACTED]" in data  # the server did echo them
    _assert_clean(data + run.stdout + run.stderr)


def test_fleet_all_writes_no_expanded_value(tmp_path: Path) -> None:
    out = tmp_path / "fleet"
    run = run_mcpvcr(
        "record", "--config", str(_config(tmp_path)), "--all", "-o", str(out), "--fuzz", env=ENV
    )
    assert run.returncode == 0, run.stderr
    blobs = [p.read_bytes().decode("utf-8", "replace") for p in out.rglob("*") if p.is_file()]
    assert any("[REDACTED]" in b for b in blobs)
    _assert_clean("".join(blobs) + run.stdout + run.stderr)


def test_registry_user_input_is_a_secret_of_the_spec() -> None:
    from mcpvcr.fleet.inputs import user_key
    from mcpvcr.fleet.resolve import Runtimes, resolve

    server = {
        "name": "io.example/echo",
        "packages": [
            {
                "registryType": "npm",
                "identifier": "echo-pkg",
                "version": "1.0.0",
                "packageArguments": [{"type": "named", "name": "--token", "isRequired": True}],
            }
        ],
    }
    environ = {user_key("io.example/echo", "--token"): "regtok-9Vb4Kd2Ws8"}
    spec = resolve(
        server,
        Runtimes(npx=True),
        sandboxed=False,
        cache="/tmp/c",
        scratch="/tmp/s",
        environ=environ,
    )
    assert "regtok-9Vb4Kd2Ws8" in spec.argv and "regtok-9Vb4Kd2Ws8" in spec.secrets


def test_token_expanded_into_a_config_url_path_is_not_written(tmp_path: Path) -> None:
    from typing import Any

    from tests.security.hostile_http import HostileServer, contract

    tools: list[dict[str, Any]] = []

    def behave(message: dict[str, Any], headers: dict[str, str]) -> dict[str, Any] | None:
        tools[:] = [{"name": "echo", "description": headers[":path"], "inputSchema": {}}]
        return contract(message, tools)

    out = tmp_path / "u.mcpvcr"
    with HostileServer(behave) as server:
        config = tmp_path / "http.json"
        entry = {"type": "http", "url": server.url + "/${URL_TOKEN}"}
        config.write_text(json.dumps({"mcpServers": {"remote": entry}}), encoding="utf-8")
        run = run_mcpvcr(
            "record",
            "--config",
            str(config),
            "--server",
            "remote",
            "--header",
            "X-Extra: value-1234",  # a command-line header: the entry is merged
            "-o",
            str(out),
            env={"URL_TOKEN": "tenantsecretpass"},
        )
    assert run.returncode == 0, run.stderr
    assert b"[REDACTED]" in out.read_bytes()
    assert b"tenantsecretpass" not in out.read_bytes()
    assert "tenantsecretpass" not in run.stdout + run.stderr
