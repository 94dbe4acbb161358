"""Registry entries (server.json) -> launch plans: pins, inputs, skips, normalisation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mcpvcr.errors import UsageError
from mcpvcr.fleet.inputs import user_key
from mcpvcr.fleet.registry import read_entries
from mcpvcr.fleet.resolve import NO_INSTALL_CODE, Runtimes, resolve

ALL = Runtimes(npx=True, uv=True, python="/usr/bin/python3", docker=True)
NO_UV = Runtimes(npx=True, uv=False, python="/usr/bin/python3", docker=False)


def plan(
    server: dict[str, Any],
    runtimes: Runtimes = ALL,
    sandboxed: bool = False,
    environ: dict[str, str] | None = None,
):  # type: ignore[no-untyped-def]
    return resolve(
        server, runtimes, sandboxed=sandboxed, cache="/c", scratch="/s", environ=environ or {}
    )


def npm(**extra: Any) -> dict[str, Any]:
    package = {
        "registryType": "npm",
        "identifier": "@scope/pkg",
        "version": "0.6.2",
        "transport": {"type": "stdio"},
        **extra,
    }
    return {"name": "io.github.x/pkg", "version": "9.9.9", "packages": [package]}


def test_npm_is_pinned_from_the_package_not_the_entry() -> None:
    spec = plan(npm())
    assert spec.argv == ("npx", "-y", "@scope/pkg@0.6.2")
    assert spec.version == "0.6.2" and spec.skip is None


def test_npm_sandboxed_installs_first_and_runs_offline_in_its_folder() -> None:
    spec = plan(npm(packageArguments=[{"type": "positional", "value": "stdio"}]), sandboxed=True)
    assert spec.argv == ("npx", "--offline", "-y", "@scope/pkg@0.6.2", "stdio")
    assert spec.cwd == "/c/npm/@scope_pkg@0.6.2"
    assert spec.prepare[0][-3:] == ("--prefix", "/c/npm/@scope_pkg@0.6.2", "@scope/pkg@0.6.2")


def test_positional_and_named_arguments_snyk_style() -> None:
    args = [
        {"type": "positional", "value": "mcp"},
        {"type": "named", "name": "-t", "default": "stdio", "choices": ["stdio", "sse"]},
    ]
    spec = plan(npm(packageArguments=args))
    assert spec.argv == ("npx", "-y", "@scope/pkg@0.6.2", "mcp", "-t", "stdio")


def test_pypi_with_uv_uses_uvx_and_without_uv_a_venv() -> None:
    entry = {
        "name": "a/time",
        "packages": [
            {
                "registryType": "pypi",
                "identifier": "mcp-server-time",
                "version": "1.2",
                "runtimeHint": "python",
            }
        ],
    }
    assert plan(entry).argv == ("uvx", "--from", "mcp-server-time==1.2", "mcp-server-time")
    venv = plan(entry, NO_UV)
    assert venv.argv == ("/c/pypi/mcp-server-time@1.2/bin/mcp-server-time",)
    assert any("pip" in part for step in venv.prepare for part in step)


def test_a_required_secret_without_a_value_skips_and_names_it() -> None:
    env = [
        {"name": "WEATHER_API_KEY", "isRequired": True, "isSecret": True},
        {"name": "WEATHER_UNITS", "default": "celsius"},
    ]
    spec = plan(npm(environmentVariables=env))
    assert spec.skip == "missing-inputs" and spec.missing == ("WEATHER_API_KEY",)
    key = user_key("io.github.x/pkg", "WEATHER_API_KEY")
    given = plan(npm(environmentVariables=env), environ={key: "k123"})
    assert given.skip is None
    assert dict(given.env) == {
        "WEATHER_API_KEY": "k123",
        "WEATHER_UNITS": "celsius",
        **NO_INSTALL_CODE,  # npx installs at launch: no install scripts
    }


def test_the_hosts_own_variable_never_fills_an_input() -> None:
    env = [{"name": "GITHUB_TOKEN", "isRequired": True, "isSecret": True}]
    assert (
        plan(npm(environmentVariables=env), environ={"GITHUB_TOKEN": "ghp_x"}).skip
        == "missing-inputs"
    )


def test_a_placeholder_is_never_a_value_and_a_filepath_default_becomes_scratch() -> None:
    args = [
        {
            "type": "positional",
            "valueHint": "target_dir",
            "isRequired": True,
            "default": "/Users/username/Desktop",
            "format": "filepath",
        },
        {"type": "named", "name": "--mode", "placeholder": "fast"},
    ]
    spec = plan(npm(packageArguments=args))
    assert spec.argv[-1] == "/s/io.github.x_pkg"
    assert "--mode" not in spec.argv and "fast" not in spec.argv
    assert any("env-dependent" in note for note in spec.notes)


def test_oci_github_style_runtime_arguments_are_normalised() -> None:
    image = "ghcr.io/github/github-mcp-server:0.20.0"
    runtime = [
        {"type": "positional", "value": "run"},
        {"type": "named", "name": "-i", "value": "true"},
        {"type": "named", "name": "--rm", "value": "true"},
        {
            "type": "named",
            "name": "-e",
            "value": "GITHUB_PERSONAL_ACCESS_TOKEN={token}",
            "variables": {"token": {"isRequired": True, "isSecret": True}},
        },
        {"type": "positional", "value": image},
    ]
    entry = {
        "name": "io.github.github/github-mcp-server",
        "packages": [{"registryType": "oci", "identifier": image, "runtimeArguments": runtime}],
    }
    assert plan(entry).missing == ("token",)
    key = user_key(entry["name"], "token")
    spec = plan(entry, sandboxed=True, environ={key: "ghp_secret"})
    assert spec.argv == (
        "docker",
        "run",
        "-i",
        "--rm",
        "--init",
        "--network",
        "none",
        "-e",
        "GITHUB_PERSONAL_ACCESS_TOKEN",
        image,
    )
    assert dict(spec.env) == {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_secret"}
    assert "ghp_secret" not in " ".join(spec.argv) and spec.wrap is False


def test_oci_without_docker_and_nuget_are_skipped_with_reasons() -> None:
    entry = {
        "name": "a/b",
        "packages": [
            {"registryType": "oci", "identifier": "docker.io/a/b:1"},
            {
                "registryType": "nuget",
                "identifier": "Knapcode.SampleMcpServer",
                "version": "0.4.0-beta",
            },
        ],
    }
    spec = plan(entry, NO_UV)
    assert spec.skip is not None
    assert "docker" in spec.skip and "nuget" in spec.skip


def test_a_server_with_several_packages_falls_back_to_one_it_can_run() -> None:
    entry = {
        "name": "a/air",
        "packages": [
            {"registryType": "oci", "identifier": "docker.io/o/air:1.7.2"},
            {"registryType": "npm", "identifier": "air-mcp", "version": "1.7.2"},
        ],
    }
    assert plan(entry, NO_UV).argv == ("npx", "-y", "air-mcp@1.7.2")
    assert plan(entry, ALL).argv[:2] == ("docker", "run")


def test_remote_header_template_without_variables_is_an_unresolved_secret() -> None:
    headers = [
        {"name": "Authorization", "value": "Bearer {api_key}", "isRequired": True, "isSecret": True}
    ]
    entry = {
        "name": "ai.smithery/x",
        "remotes": [
            {"type": "sse", "url": "https://a.example/sse"},
            {"type": "streamable-http", "url": "https://a.example/mcp", "headers": headers},
        ],
    }
    spec = plan(entry)
    assert spec.skip == "missing-inputs" and spec.missing == ("Authorization",)
    given = plan(entry, environ={user_key("ai.smithery/x", "Authorization"): "Bearer t"})
    assert given.transport == "http" and given.url == "https://a.example/mcp"
    assert dict(given.headers) == {"Authorization": "Bearer t"}


def test_remote_url_variable_required() -> None:
    entry = {
        "name": "a/t",
        "remotes": [
            {
                "type": "streamable-http",
                "url": "https://{tenant_id}.example.com/mcp",
                "variables": {"tenant_id": {"isRequired": True}},
            }
        ],
    }
    assert plan(entry).missing == ("tenant_id",)
    spec = plan(entry, environ={user_key("a/t", "tenant_id"): "acme"})
    assert spec.url == "https://acme.example.com/mcp"


def test_no_packages_no_remotes() -> None:
    assert plan({"name": "a/b"}).skip == "no-launch-info"


def write(tmp_path: Path, data: Any, name: str = "reg.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


def test_shapes_are_read_and_deleted_entries_are_never_kept(tmp_path: Path) -> None:
    meta = "io.modelcontextprotocol.registry/official"
    rows = [
        {"server": {"name": "b/one", "version": "1"}, "_meta": {meta: {"isLatest": False}}},
        {"server": {"name": "b/one", "version": "2"}, "_meta": {meta: {"isLatest": True}}},
        {"server": {"name": "a/bad", "version": "1"}, "_meta": {meta: {"status": "deleted"}}},
        {"name": "a/legacy", "status": "deleted"},
        {"name": "c/bare", "version": "3"},
    ]
    for data in (rows, {"servers": rows}, "\n".join(json.dumps(r) for r in rows)):
        entries = read_entries(write(tmp_path, data))
        assert [(e["name"], e.get("version")) for e in entries] == [("b/one", "2"), ("c/bare", "3")]


def test_old_snake_case_entries_are_normalised(tmp_path: Path) -> None:
    old = {
        "name": "a/old",
        "version_detail": {"version": "0.1"},
        "packages": [
            {
                "registry_name": "npm",
                "name": "old-pkg",
                "version": "0.1",
                "environment_variables": [
                    {
                        "name": "K",
                        "is_required": True,
                        "value": "{the_key}",
                        "variables": {"the_key": {"is_required": True}},
                    }
                ],
            }
        ],
    }
    [entry] = read_entries(write(tmp_path, [old]))
    assert entry["version"] == "0.1"
    package = entry["packages"][0]
    assert package["registryType"] == "npm" and package["identifier"] == "old-pkg"
    assert package["transport"] == {"type": "stdio"}
    # variable names are the publisher's and stay as written
    assert "the_key" in package["environmentVariables"][0]["variables"]
    assert plan(entry).missing == ("the_key",)


def test_unreadable_registry_files_are_usage_errors(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="no such registry file"):
        read_entries(str(tmp_path / "missing.json"))
    with pytest.raises(UsageError, match="line 2 is not JSON"):
        read_entries(write(tmp_path, '{"name": "a/b"}\n{oops\n'))
    with pytest.raises(UsageError, match="not a registry file"):
        read_entries(write(tmp_path, '{"foo": 1}'))
