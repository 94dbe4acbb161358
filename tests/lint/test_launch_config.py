"""`mcpvcr lint --config`: launch-config rules, each with a firing case and a mirror."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.cli import run
from mcpvcr.lint.launch_config import RULES, lint_config


def write(tmp_path: Path, servers: dict[str, Any]) -> str:
    path = tmp_path / ".mcp.json"
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return str(path)


CASES = {
    "config.unpinned_package": (
        {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]},
        {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory@2026.8.31"]},
    ),
    "config.plain_http": (
        {"type": "http", "url": "http://mcp.acme.io/mcp"},
        {"type": "http", "url": "http://127.0.0.1:8080/mcp"},
    ),
    "config.inline_secret": (
        {"command": "node", "args": ["s.js"], "env": {"API_TOKEN": "9f8e7d6c5b4a39281706"}},
        {"command": "node", "args": ["s.js"], "env": {"API_TOKEN": "${API_TOKEN}"}},
    ),
    "security.broad_filesystem_root": (
        {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@1.0.0", "~"]},
        {
            "command": "npx",
            "args": ["-y", "@modelcontextprotocol/server-filesystem@1.0.0", "./docs"],
        },
    ),
}


def test_every_config_rule_has_a_case() -> None:
    assert set(CASES) == {rule.code for rule in RULES}


@pytest.mark.parametrize("code", sorted(CASES))
def test_config_rule_fires_and_its_mirror_stays_quiet(code: str, tmp_path: Path) -> None:
    fire, mirror = CASES[code]
    assert code in {f.code for f in lint_config(write(tmp_path, {"s": fire}))}
    assert code not in {f.code for f in lint_config(write(tmp_path, {"s": mirror}))}


@pytest.mark.parametrize(
    ("entry", "unpinned"),
    [
        ({"command": "npx", "args": ["-y", "pkg@latest"]}, True),
        ({"command": "npx", "args": ["pkg@^1.2.0"]}, True),
        ({"command": "uvx", "args": ["mcp-server-git"]}, True),
        ({"command": "uvx", "args": ["mcp-server-git==2026.10.19"]}, False),
        ({"command": "uvx", "args": ["--from", "mcp-server-git==1.0", "mcp-server-git"]}, False),
        ({"command": "pipx", "args": ["run", "mcp-server-fetch"]}, True),
        ({"command": "/usr/bin/node", "args": ["server.js"]}, False),
    ],
)
def test_pinning_per_runner(entry: dict[str, Any], unpinned: bool, tmp_path: Path) -> None:
    codes = {f.code for f in lint_config(write(tmp_path, {"s": entry}))}
    assert ("config.unpinned_package" in codes) == unpinned


@pytest.mark.parametrize(
    "entry",
    [
        {"url": "https://mcp.acme.io/mcp?api_key=abcdef123456"},
        {"url": "https://user:hunter22@mcp.acme.io/mcp"},
        {"url": "https://mcp.acme.io/mcp", "headers": {"Authorization": "Bearer abcdef123456789"}},
        {"command": "node", "args": ["s.js", "--token=abcdef123456789"]},
        {"command": "node", "args": ["s.js", "--api-key", "abcdef123456789"]},
        {"command": "node", "args": ["s.js"], "env": {"X": "ghp_" + "a" * 36}},
    ],
)
def test_inline_secrets_everywhere(entry: dict[str, Any], tmp_path: Path) -> None:
    found = lint_config(write(tmp_path, {"s": entry}))
    assert "config.inline_secret" in {f.code for f in found}
    assert all("abcdef123456789" not in f.message for f in found)  # never echo the secret


def test_cli_exit_codes_and_formats(tmp_path: Path, capsys: Any) -> None:
    path = write(
        tmp_path, {"bad": CASES["config.plain_http"][0], "good": CASES["config.plain_http"][1]}
    )
    assert run(["lint", "--config", path]) == 1
    assert run(["lint", "--config", path, "--server", "good"]) == 0
    capsys.readouterr()
    assert run(["lint", "--config", path, "--format", "json", "--fail-on", "never"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert [f["code"] for f in document["findings"]] == ["config.plain_http"]
    assert run(["lint", "--config", path, "--format", "sarif"]) == 1
    sarif = json.loads(capsys.readouterr().out)
    assert sarif["runs"][0]["results"][0]["ruleId"] == "config.plain_http"


def test_bad_input_is_one_line_with_the_documented_exit(tmp_path: Path, capsys: Any) -> None:
    assert run(["lint", "--config", str(tmp_path / "missing.json")]) == 3
    (tmp_path / "bad.json").write_text("{nope", encoding="utf-8")
    assert run(["lint", "--config", str(tmp_path / "bad.json")]) == 3
    path = write(tmp_path, {"a": {"command": "node"}})
    assert run(["lint", "--config", path, "--server", "zzz"]) == 2
    assert run(["lint", "x.mcpvcr", "--config", path]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "missing.json" in err
