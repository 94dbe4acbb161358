"""server-everything (pinned, installed by tests/targets) recorded over stdio, HTTP and SSE.

The reference is a raw JSON-RPC client independent of mcpvcr (tests/targets/rawclient.py)
declaring the same client capabilities: the cassette must hold exactly what it sees.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.live.handshake import CLIENT_CAPABILITIES
from tests.live.helpers import run_mcpvcr

pytestmark = pytest.mark.real_target("everything")

KINDS = {
    "tools": "tools/list",
    "resources": "resources/list",
    "resourceTemplates": "resources/templates/list",
    "prompts": "prompts/list",
}


def raw_view() -> dict[str, list[str]]:
    """What a plain JSON-RPC client with mcpvcr's capabilities lists, by identity."""
    from tests.targets import everything_argv
    from tests.targets.rawclient import CLIENT_INFO, RawStdioClient

    with RawStdioClient(everything_argv()) as client:
        reply = client.request(
            "initialize",
            {
                "protocolVersion": "2025-11-25",
                "capabilities": CLIENT_CAPABILITIES,
                "clientInfo": CLIENT_INFO,
            },
            20.0,
        )
        assert "result" in reply
        client.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return {
            kind: sorted(json.dumps(item, sort_keys=True) for item in client.list_all(method, kind))
            for kind, method in KINDS.items()
        }


def cassette_view(path: Path) -> dict[str, list[str]]:
    cassette = store.load(path)
    return {
        kind: sorted(json.dumps(i, sort_keys=True) for i in cassette.items(kind)) for kind in KINDS
    }


def record_stdio(out: Path) -> None:
    import shlex

    from tests.targets import everything_argv

    run = run_mcpvcr("record", "--stdio", shlex.join(everything_argv()), "-o", str(out))
    assert run.returncode == 0, run.stderr


def test_stdio_recording_matches_a_raw_client_and_is_byte_identical(tmp_path: Path) -> None:
    first, second = tmp_path / "a.mcpvcr", tmp_path / "b.mcpvcr"
    record_stdio(first)
    record_stdio(second)
    assert first.read_bytes() == second.read_bytes()
    view = cassette_view(first)
    assert view == raw_view()
    counts = {kind: len(items) for kind, items in view.items()}
    # 14 tools: 13 plus get-roots-list, because mcpvcr declares the roots capability
    assert counts["tools"] == 14
    cassette = store.load(first)
    assert cassette.handshake == "initialize" and cassette.protocol_version == "2025-11-25"
    assert cassette.server_info["name"]
    data = first.read_bytes()
    assert b"/work" not in data and b"everything/dist" not in data  # no paths, no command line


@pytest.mark.parametrize(
    ("server_transport", "path", "extra"),
    [("streamableHttp", "/mcp", []), ("sse", "/sse", ["--transport", "sse"])],
)
def test_http_and_sse_recordings_hold_the_same_contract(
    tmp_path: Path, server_transport: str, path: str, extra: list[str]
) -> None:
    from tests.targets import everything_http_command, run_in_netns

    stdio_out, http_out = tmp_path / "stdio.mcpvcr", tmp_path / "http.mcpvcr"
    record_stdio(stdio_out)
    port = 3107 if server_transport == "sse" else 3108  # private namespace: no clashes
    script = f"""
{everything_http_command(port, server_transport)} >/dev/null 2>&1 &
wait_port {port} 30
"$MCPVCR_PYTHON" -m mcpvcr record http://127.0.0.1:{port}{path} {" ".join(extra)} \
    --bearer not-checked-but-secret -o {http_out}
"""
    result = run_in_netns(script, timeout=120)
    assert result.returncode == 0 and not result.timed_out, result.stderr
    assert cassette_view(http_out) == cassette_view(stdio_out)
    cassette = store.load(http_out)
    assert cassette.header["transport"] == ("sse" if extra else "http")
    assert cassette.header["target"]["headerNames"] == ["Authorization"]
    assert b"not-checked-but-secret" not in http_out.read_bytes()
