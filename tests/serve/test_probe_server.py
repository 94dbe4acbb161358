"""`mcpvcr serve` end to end, from a real MCP client session over stdio."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from mcpvcr import store
from mcpvcr.score import score

REPO = Path(__file__).resolve().parents[2]
DEMO = f"{sys.executable} -m examples.demo_target"
SELF_CASSETTE = REPO / "cassettes" / "mcpvcr-serve.mcpvcr"
PROBE_TOOLS = {
    "probe_connect",
    "probe_lint",
    "probe_fuzz",
    "probe_report",
    "probe_list",
    "probe_disconnect",
    "probe_record",
    "probe_diff",
}


async def probe_session(
    calls: list[tuple[str, dict[str, Any]]], serve_args: tuple[str, ...] = ()
) -> tuple[Any, list[Any]]:
    """Start `mcpvcr serve`, run the calls in order, return (initialize result, call results)."""
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "mcpvcr", "serve", "--timeout", "20", *serve_args],
        cwd=str(REPO),
    )
    results = []
    with tempfile.TemporaryFile("w+") as errlog:
        async with (
            stdio_client(params, errlog=errlog) as (read, write),
            ClientSession(read, write, read_timeout_seconds=60) as session,
        ):
            init = await session.initialize()
            listed = await session.list_tools()
            results.append(listed)
            for name, arguments in calls:
                results.append(await session.call_tool(name, arguments))
    return init, results


def run_probe(calls: list[tuple[str, dict[str, Any]]], *serve_args: str) -> tuple[Any, list[Any]]:
    async def main() -> tuple[Any, list[Any]]:
        with anyio.fail_after(120):
            return await probe_session(calls, serve_args)

    return anyio.run(main)


def payload(result: Any) -> Any:
    assert not result.is_error, result.content[0].text
    return json.loads(result.content[0].text)


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args], capture_output=True, text=True, cwd=REPO
    )


def test_report_through_the_mcp_server_equals_mcpvcr_audit(tmp_path: Path) -> None:
    saved = tmp_path / "demo.mcpvcr"
    connect = {
        "transport": "stdio",
        "command": sys.executable,
        "args": ["-m", "examples.demo_target"],
        "cwd": str(REPO),
    }
    init, results = run_probe(
        [
            ("probe_connect", connect),
            ("probe_report", {}),
            ("probe_lint", {"connectionId": "conn-1"}),
            ("probe_list", {}),
            ("probe_record", {"path": str(saved)}),
            ("probe_diff", {"old": str(saved), "new": str(saved)}),
            ("probe_disconnect", {}),
            ("probe_lint", {}),
        ],
        "--allow-stdio",
        "--root",
        str(tmp_path),
    )
    assert init.server_info.name == "mcpvcr"
    assert "probe_connect" in (init.instructions or "")
    listed, connected, report, linted, tools, recorded, diffed, gone, after = results
    assert {tool.name for tool in listed.tools} == PROBE_TOOLS
    assert payload(connected)["counts"] == {"tools": 4, "resources": 1, "prompts": 1}

    audit = cli("audit", "--stdio", DEMO, "--cwd", str(REPO))
    assert audit.returncode == 0, audit.stderr
    assert payload(report)["markdown"] == audit.stdout

    lint = cli("lint", str(saved), "--format", "json")
    assert lint.returncode in (0, 1), lint.stderr
    assert payload(linted)["findings"] == json.loads(lint.stdout)["findings"]

    assert sorted(tool["name"] for tool in payload(tools)["tools"]) == [
        "divide",
        "greet",
        "set_mode",
        "well_behaved",
    ]
    assert payload(recorded)["bytes"] == saved.stat().st_size
    assert payload(diffed)["identical"] is True
    assert payload(gone)["removed"] == ["conn-1"]
    assert after.is_error and "no default connection" in after.content[0].text


def test_malformed_calls_are_clean_tool_errors() -> None:
    _, results = run_probe(
        [
            ("probe_connect", {"transport": "carrier-pigeon"}),
            ("probe_lint", {"connectionId": "conn-404"}),
            ("probe_connect", {"transport": "stdio"}),
            ("probe_diff", {"old": "no/such.mcpvcr", "new": "no/such.mcpvcr"}),
            ("probe_list", {"unknown": 1}),
        ]
    )
    texts = [result.content[0].text for result in results[1:]]
    assert all(result.is_error for result in results[1:])
    assert texts[0].startswith("[probe_connect] invalid arguments: transport:")
    assert texts[1] == "[probe_lint] connection 'conn-404' not found"
    assert "needs a command" in texts[2]
    assert "no/such.mcpvcr: no such cassette" in texts[3]
    assert "Additional properties are not allowed" in texts[4]


def test_committed_self_audit_scores_a() -> None:
    report = score(store.load(SELF_CASSETTE))
    assert report.grade == "A", report.overall
    assert store.load(SELF_CASSETTE).fuzzed
    names = {tool["name"] for tool in store.load(SELF_CASSETTE).tools}
    assert names == PROBE_TOOLS


@pytest.mark.parametrize("path", ["cassettes/demo_target.mcpvcr"])
def test_open_cassette_serves_offline_report(path: str) -> None:
    _, results = run_probe(
        [
            ("probe_connect", {"transport": "cassette", "path": path}),
            ("probe_report", {"fuzz": True}),
        ]
    )
    report = payload(results[2])
    expected = score(store.load(REPO / path))
    assert report["overall"] == expected.overall and report["grade"] == expected.grade
