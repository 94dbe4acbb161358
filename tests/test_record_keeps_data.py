"""`record` never replaces a good cassette with a recording that lost data."""

from __future__ import annotations

import sys
from pathlib import Path

from mcpvcr import store
from tests.live.helpers import run_mcpvcr

SERVER = """
import json, os, sys
for line in sys.stdin:
    msg = json.loads(line)
    if "id" not in msg:
        continue
    method, answer = msg["method"], None
    if method == "initialize":
        info = {"name": "s", "version": "1"}
        caps = {"tools": {}, "prompts": {}}
        result = {"protocolVersion": "2025-11-25", "serverInfo": info, "capabilities": caps}
        answer = {"result": result}
    elif method == "tools/list" and os.environ.get("FAIL_TOOLS"):
        answer = {"error": {"code": -32603, "message": "database is down"}}
    elif method == "tools/list":
        answer = {"result": {"tools": [{"name": "t", "inputSchema": {"type": "object"}}]}}
    elif method == "prompts/list":
        answer = {"result": {"prompts": [{"name": "p"}]}}
    else:
        answer = {"error": {"code": -32601, "message": "no"}}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg["id"], **answer}) + "\\n")
    sys.stdout.flush()
"""


def test_a_list_that_fails_now_does_not_replace_its_recorded_items(tmp_path: Path) -> None:
    server = tmp_path / "server.py"
    server.write_text(SERVER, encoding="utf-8")
    out = tmp_path / "s.mcpvcr"
    command = f"{sys.executable} {server}"
    assert run_mcpvcr("record", "--stdio", command, "-o", str(out)).returncode == 0
    good = out.read_bytes()

    failing = run_mcpvcr("record", "--stdio", command, "--env", "FAIL_TOOLS=1", "-o", str(out))
    assert failing.returncode == 3
    assert "tools/list failed this time; kept the existing" in failing.stderr
    assert out.read_bytes() == good

    forced = ("record", "--stdio", command, "--env", "FAIL_TOOLS=1", "-o", str(out), "--force")
    assert run_mcpvcr(*forced).returncode == 0
    assert store.load(out).list_record("tools")["error"]["message"] == "database is down"
    # Failing both times does not block re-recording.
    assert (
        run_mcpvcr("record", "--stdio", command, "--env", "FAIL_TOOLS=1", "-o", str(out)).returncode
        == 0
    )
