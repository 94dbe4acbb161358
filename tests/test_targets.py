"""Target parsing: command lines, URLs, credentials and MCP config files (pure, no mcp)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpvcr.commands._target_options import build_options, build_target
from mcpvcr.errors import UsageError
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import (
    credential_headers,
    load_config_target,
    parse_header,
    stdio_target,
    url_target,
)


def write(tmp_path: Path, data: object, name: str = "mcp.json") -> str:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_stdio_command_is_split_like_a_shell() -> None:
    target = stdio_target('npx -y "@scope/pkg" --root "/tmp/a b"', env={"K": "v"}, cwd="/tmp")
    assert target.command == ("npx", "-y", "@scope/pkg", "--root", "/tmp/a b")
    assert target.transport == "stdio" and target.cwd == "/tmp" and target.env == {"K": "v"}
    assert target.label == "stdio:npx -y @scope/pkg --root '/tmp/a b'"


@pytest.mark.parametrize("bad", ["", "   ", 'unterminated "quote'])
def test_bad_stdio_command_is_a_usage_error(bad: str) -> None:
    with pytest.raises(UsageError):
        stdio_target(bad)


def test_url_targets() -> None:
    assert url_target("http://127.0.0.1:3001/mcp").transport == "http"
    assert url_target("https://x.example/sse", transport="sse").transport == "sse"
    with pytest.raises(UsageError, match="not an http"):
        url_target("ftp://x")


def test_header_parsing() -> None:
    assert parse_header("X-Api-Key:  abc def ") == ("X-Api-Key", "abc def")
    with pytest.raises(UsageError) as caught:
        parse_header("no colon here")
    with pytest.raises(UsageError):
        parse_header("Bad Name: v")
    assert "no colon here" in str(caught.value)


def test_header_error_does_not_echo_the_secret_value() -> None:
    with pytest.raises(UsageError) as caught:
        parse_header("Bad Name: supersecret")
    assert "supersecret" not in str(caught.value)


def test_bearer_sources_and_precedence() -> None:
    env = {"MCPVCR_TARGET_TOKEN": "from-env"}
    assert credential_headers((), None, env) == {"Authorization": "Bearer from-env"}
    assert credential_headers((), "flag", env) == {"Authorization": "Bearer flag"}
    explicit = credential_headers(("Authorization: Basic xyz",), "flag", env)
    assert explicit == {"Authorization": "Basic xyz"}
    assert credential_headers((), None, {}) == {}


def test_secret_values_include_the_bare_token_and_skip_tiny_values() -> None:
    target = url_target(
        "http://h/mcp", headers={"Authorization": "Bearer tok-12345", "X-Flag": "1"}
    )
    assert target.secret_values() == ["Bearer tok-12345", "tok-12345"]


def test_claude_style_config_with_expansion(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {
            "mcpServers": {
                "fs": {
                    "command": "npx",
                    "args": ["-y", "pkg", "${HOME_DIR}", "${MISSING:-fallback}"],
                    "env": {"TOKEN": "${env:MY_TOKEN}", "PLAIN": "x"},
                },
                "remote": {
                    "type": "http",
                    "url": "https://${HOST}/mcp",
                    "headers": {"Authorization": "Bearer ${MY_TOKEN}"},
                },
            }
        },
    )
    environ = {"HOME_DIR": "/home/u", "MY_TOKEN": "t0k3n", "HOST": "example.test"}
    fs = load_config_target(path, "fs", environ=environ)
    assert fs.transport == "stdio"
    assert fs.command == ("npx", "-y", "pkg", "/home/u", "fallback")
    assert fs.env == {"TOKEN": "t0k3n", "PLAIN": "x"}
    assert fs.label == f"fs ({path})"
    remote = load_config_target(path, "remote", environ=environ)
    assert remote.transport == "http" and remote.url == "https://example.test/mcp"
    assert remote.headers == {"Authorization": "Bearer t0k3n"}


def test_vscode_servers_shape_inputs_and_workspace_folder(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        {
            "inputs": [{"id": "api-key", "type": "promptString", "password": True}],
            "servers": {
                "docs": {
                    "type": "sse",
                    "url": "http://127.0.0.1:9/sse",
                    "headers": {"X-Key": "${input:api-key}"},
                },
                "local": {
                    "type": "stdio",
                    "command": "python",
                    "args": ["${workspaceFolder}/server.py"],
                },
            },
        },
        name=".vscode/mcp.json",
    )
    with pytest.raises(UsageError) as caught:
        load_config_target(path, "docs", environ={})
    assert "requires interactive input in VS Code" in str(caught.value)
    assert "MCPVCR_INPUT_API_KEY" in str(caught.value)
    docs = load_config_target(path, "docs", environ={"MCPVCR_INPUT_API_KEY": "k-123"})
    assert docs.transport == "sse" and docs.headers == {"X-Key": "k-123"}
    local = load_config_target(path, "local", environ={})
    assert local.command == ("python", f"{tmp_path.resolve()}/server.py")


def test_env_file_is_read(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("# c\nexport A=1\nB='two words'\n", encoding="utf-8")
    path = write(
        tmp_path, {"servers": {"s": {"command": "x", "envFile": "${workspaceFolder}/.env"}}}
    )
    assert load_config_target(path, "s", environ={}).env == {"A": "1", "B": "two words"}


@pytest.mark.parametrize(
    ("data", "server", "message"),
    [
        ({"mcpServers": {"a": {"command": "x"}}}, "b", "no server named 'b' (servers: a)"),
        ({"mcpServers": {"a": {"command": "x"}, "b": {"command": "y"}}}, None, "--server"),
        ({"other": {}}, "a", "no mcpServers"),
        ([1, 2], "a", "expected a JSON object"),
        ({"mcpServers": {"a": {"args": []}}}, "a", "needs a 'command'"),
        ({"mcpServers": {"a": {"type": "http"}}}, "a", "needs a 'url'"),
        ({"mcpServers": {"a": {"type": "ws", "url": "ws://x"}}}, "a", "unknown type"),
        ({"mcpServers": {"a": {"command": "x", "args": "no"}}}, "a", "'args' must be a list"),
        ({"mcpServers": {"a": {"command": "${NOPE}"}}}, "a", "NOPE is not set"),
    ],
)
def test_config_errors_are_usage_errors_naming_the_file(
    tmp_path: Path, data: object, server: str | None, message: str
) -> None:
    path = write(tmp_path, data)
    with pytest.raises(UsageError) as caught:
        load_config_target(path, server, environ={})
    assert message in str(caught.value)
    assert path in str(caught.value)


def test_single_server_config_needs_no_name(tmp_path: Path) -> None:
    path = write(tmp_path, {"mcpServers": {"only": {"url": "http://127.0.0.1:1/mcp"}}})
    assert load_config_target(path, None, environ={}).url == "http://127.0.0.1:1/mcp"


def test_missing_and_invalid_config_files(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such config file"):
        load_config_target(str(tmp_path / "nope.json"), "a")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(UsageError, match="not valid JSON"):
        load_config_target(str(bad), "a")


def test_build_target_from_command_line_values(tmp_path: Path) -> None:
    target = build_target(stdio="srv --x", env=("A=1",), cwd=str(tmp_path))
    assert target.command == ("srv", "--x") and target.env == {"A": "1"}
    http = build_target(target="http://127.0.0.1:1/mcp", header=("X-K: v",), bearer="tok")
    assert http.headers == {"X-K": "v", "Authorization": "Bearer tok"}
    sse = build_target(target="http://127.0.0.1:1/sse", transport="sse")
    assert sse.transport == "sse"
    path = write(tmp_path, {"mcpServers": {"a": {"command": "x", "env": {"E": "1"}}}})
    by_name = build_target(config=path, target="a", env=("F=2",))
    assert by_name.command == ("x",) and by_name.env == {"E": "1", "F": "2"}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "no target"),
        ({"target": "http://h/mcp", "stdio": "x"}, "give one target"),
        ({"stdio": "x", "bearer": "t"}, "apply to HTTP servers only"),
        ({"stdio": "x", "transport": "sse"}, "--transport applies"),
        ({"target": "http://h/mcp", "env": ("A=1",)}, "apply to stdio servers only"),
        ({"target": "my-server"}, "is not a URL"),
        ({"server": "a"}, "--server needs --config"),
        ({"stdio": "x", "env": ("not-an-assignment",)}, "expected KEY=VALUE"),
    ],
)
def test_build_target_usage_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message):
        build_target(**kwargs)


def test_build_options_and_header_options() -> None:
    options = build_options(
        timeout=3.0,
        protocol="initialize",
        fuzz=True,
        seed=7,
        max_tools=5,
        scrub=("id-[0-9]+",),
        pin=('add={"a": 1}',),
    )
    assert options == RecordOptions(
        timeout=3.0,
        protocol="initialize",
        fuzz=True,
        seed=7,
        max_tools=5,
        scrub_patterns=("id-[0-9]+",),
        pinned_arguments={"add": {"a": 1}},
    )
    header = options.header_options()
    assert "timeout" not in header and "concurrency" not in header
    assert header["seed"] == 7 and header["pinnedArguments"] == {"add": {"a": 1}}
    with pytest.raises(UsageError, match="not a regular expression"):
        build_options(scrub=("(",))
    with pytest.raises(UsageError, match="TOOL="):
        build_options(pin=("add=[1]",))


def test_url_password_and_query_values_are_secrets_and_masked_in_the_label() -> None:
    target = url_target("http://user:pa%24s99@h:8080/mcp?api_key=SEKRET123&page=1&flag")
    secrets = target.secret_values()
    assert {"pa%24s99", "pa$s99", "SEKRET123"} <= set(secrets)
    assert "dXNlcjpwYSRzOTk=" in secrets  # base64 "user:pa$s99": the Basic header httpx sends
    assert "1" not in secrets  # too short to scrub, like any other value
    assert target.label == "http://user:***@h:8080/mcp?api_key=***&page=***&flag"
    assert "SEKRET123" not in target.label and "pa" not in target.label.split("@")[0][7:]
    assert url_target("https://x.example/mcp").label == "https://x.example/mcp"
