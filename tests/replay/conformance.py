"""Run the MCP conformance suite's server scenarios live, through a record-through proxy, and
against a pure replay of what the proxy recorded, all in one network namespace.

`three_ways(server_command, tmp)` starts the server (a shell command listening on LIVE_PORT),
then runs the suite three times: against the server, against `mcpvcr replay --http --mode
new_episodes --target` in front of it (which writes `tmp/c.mcpvcr`), and against `mcpvcr
replay` of that cassette alone. Each run's checks come back per scenario as (id, status,
errorMessage); each replay's exit status after Ctrl-C and its stderr come back too.
"""

from __future__ import annotations

import json
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

from tests import targets

LIVE_PORT, PROXY_PORT, REPLAY_PORT = 3001, 3002, 3003
Check = tuple[str, str, str | None]

FIXTURE = Path(__file__).resolve().parent / "fixture_server.cjs"


def fixture_command(port: int = LIVE_PORT) -> str:
    """Shell command starting the fixture server (tests/replay/fixture_server.cjs) on PORT."""
    modules = targets.conformance_node().parents[2]  # .../conformance/node_modules
    node = shlex.quote(str(targets.conformance_node()))
    return f"NODE_PATH={shlex.quote(str(modules))} {node} {shlex.quote(str(FIXTURE))} {port}"


@dataclass(frozen=True)
class Runs:
    live: dict[str, list[Check]]
    proxy: dict[str, list[Check]]
    replay: dict[str, list[Check]]
    cassette: Path
    proxy_exit: str
    replay_exit: str
    proxy_stderr: str
    replay_stderr: str


def _url(port: int) -> str:
    return f"http://127.0.0.1:{port}/mcp"


def three_ways(server_command: str, tmp: Path, timeout: float = 600.0) -> Runs:
    suite = " ".join(shlex.quote(a) for a in targets.conformance_argv())
    mcpvcr = f"{shlex.quote(sys.executable)} -m mcpvcr replay"
    cassette = tmp / "c.mcpvcr"
    script = f"""
cd {shlex.quote(str(tmp))}
{server_command} > server.log 2>&1 &
wait_port {LIVE_PORT}
{suite} server --url {_url(LIVE_PORT)} -o live > live.log 2>&1 || true
{mcpvcr} c.mcpvcr --http 127.0.0.1:{PROXY_PORT} --mode new_episodes --no-latency --no-token \\
  --target {_url(LIVE_PORT)} 2> proxy.err &
P=$!
wait_port {PROXY_PORT}
{suite} server --url {_url(PROXY_PORT)} -o proxy > proxy.log 2>&1 || true
kill -INT $P; rc=0; wait $P || rc=$?; echo $rc > proxy.exit
{mcpvcr} c.mcpvcr --http 127.0.0.1:{REPLAY_PORT} --no-latency 2> replay.err &
R=$!
wait_port {REPLAY_PORT}
{suite} server --url {_url(REPLAY_PORT)} -o replay > replay.log 2>&1 || true
kill -INT $R; rc=0; wait $R || rc=$?; echo $rc > replay.exit
"""
    result = targets.run_in_netns(script, timeout=timeout)
    assert result.returncode == 0 and not result.timed_out, result.stderr[-2000:]
    return Runs(
        live=checks(tmp / "live"),
        proxy=checks(tmp / "proxy"),
        replay=checks(tmp / "replay"),
        cassette=cassette,
        proxy_exit=(tmp / "proxy.exit").read_text().strip(),
        replay_exit=(tmp / "replay.exit").read_text().strip(),
        proxy_stderr=(tmp / "proxy.err").read_text(),
        replay_stderr=(tmp / "replay.err").read_text(),
    )


def checks(out: Path) -> dict[str, list[Check]]:
    """The suite's checks per scenario, from its output directory (one folder per scenario)."""
    found: dict[str, list[Check]] = {}
    for file in sorted(out.glob("*/checks.json")):
        # folder: server-<scenario>-<ISO timestamp with dashes, 24 characters>
        scenario = file.parent.name.removeprefix("server-")[:-25]
        found[scenario] = [
            (c["id"], c["status"], c.get("errorMessage"))
            for c in json.loads(file.read_text(encoding="utf-8"))
        ]
    return found
