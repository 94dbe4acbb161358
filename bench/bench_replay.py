"""Replay and verify speed, side by side with mcp-recorder (one run, ratios printed).

    python bench/bench_replay.py [--mcp-recorder PATH] [--runs N]

Both tools record the same calls of the bundled demo server (`python -m examples.demo_target`:
a greeting, a division, a mode, a resource read, a prompt) into their own cassettes, then:

- replay, start to first answer: spawn the replay server, send `initialize`, stop the clock
  at its answer (stdio: the line on stdout; HTTP: the POST's answer, polling until the port
  accepts). mcp-recorder replays over HTTP only;
- verify: send the recorded calls to the live demo server again and compare (whole process).

mcp-recorder is never a dependency: install it in a scratch venv and pass its executable
(`python3 -m venv /tmp/mcprec && /tmp/mcprec/bin/pip install mcp-recorder`, then
`--mcp-recorder /tmp/mcprec/bin/mcp-recorder`; default: $MCP_RECORDER or `mcp-recorder` on
PATH; mcp-recorder 0.5.0 needs `starlette>=0.52.1,<1` in that venv, it fails on Starlette 1.x).
Without it the table has mcpvcr's column only and says so. Ratio = mcp-recorder time /
mcpvcr time (above 1: mcpvcr is faster). Times are the median of --runs (default 5).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY = sys.executable
DEMO = [PY, "-m", "examples.demo_target"]
INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "bench", "version": "1"},
    },
}
CALLS: list[tuple[str, str, dict[str, object] | None]] = [
    ("tool", "greet", {"name": "Ada"}),
    ("tool", "divide", {"a": 6, "b": 3}),
    ("tool", "set_mode", {"mode": "fast"}),
    ("resource", "demo://readme", None),
    ("prompt", "summarize", {"topic": "replay"}),
]
ENV = {**os.environ, "PYTHONPATH": str(REPO)}


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _run(argv: list[str], cwd: Path) -> None:
    done = subprocess.run(argv, cwd=cwd, env=ENV, capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        raise SystemExit(f"bench_replay: {' '.join(argv[:4])} failed: {done.stderr[-500:]}")


def record_mcpvcr(work: Path) -> Path:
    lines = []
    for number, (kind, name, arguments) in enumerate(CALLS):
        lines.append(f"[c{number}]")
        lines.append(f"{kind} = {json.dumps(name)}")
        if arguments is not None:
            lines.append(f"arguments = {_toml_table(arguments)}")
    (work / "scenarios.toml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = work / "demo.mcpvcr"
    argv = [PY, "-m", "mcpvcr", "record", "--stdio", " ".join(DEMO), "-o", str(out)]
    _run([*argv, "--scenarios", str(work / "scenarios.toml")], REPO)
    return out


def _toml_table(arguments: dict[str, object]) -> str:
    return "{ " + ", ".join(f"{k} = {json.dumps(v)}" for k, v in arguments.items()) + " }"


def record_mcp_recorder(tool: str, work: Path) -> Path:
    actions: list[object] = ["list_tools"]
    for kind, name, arguments in CALLS:
        if kind == "tool":
            actions.append({"call_tool": {"name": name, "arguments": arguments}})
        elif kind == "resource":
            actions.append({"read_resource": {"uri": name}})
        else:
            actions.append({"get_prompt": {"name": name, "arguments": arguments}})
    scenarios = {
        "schema_version": "1.0",
        "target": {
            "command": PY,
            "args": DEMO[1:],
            "cwd": str(REPO),
            "env": {"PYTHONPATH": str(REPO)},
        },
        "scenarios": {"demo": {"actions": actions}},
    }
    path = work / "scenarios.yaml"
    path.write_text(json.dumps(scenarios), encoding="utf-8")  # JSON is YAML
    _run([tool, "record-scenarios", str(path), "--output-dir", str(work / "rec")], work)
    [cassette] = list((work / "rec").glob("*.json"))
    return cassette


def first_answer_stdio(argv: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=ENV,
        cwd=REPO,
    )
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write((json.dumps(INIT) + "\n").encode())
    proc.stdin.flush()
    line = proc.stdout.readline()
    seconds = time.perf_counter() - start
    proc.stdin.close()
    proc.wait(timeout=30)
    if b'"result"' not in line:
        raise SystemExit(f"bench_replay: no initialize answer from {argv[:4]}")
    return seconds


def recorded_initialize(cassette: Path) -> dict[str, object]:
    """mcp-recorder matches `initialize` by its params: send the one it recorded."""
    for item in json.loads(cassette.read_text(encoding="utf-8"))["interactions"]:
        if item.get("request", {}).get("method") == "initialize":
            request: dict[str, object] = item["request"]
            return request
    raise SystemExit(f"bench_replay: {cassette} recorded no initialize")


def first_answer_http(
    argv: Callable[[int], list[str]], init: dict[str, object] = INIT, path: str = "/mcp"
) -> float:
    port = _free_port()
    start = time.perf_counter()
    proc = subprocess.Popen(
        argv(port), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, cwd=REPO
    )
    try:
        deadline, body = start + 60, b""
        while time.perf_counter() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                headers = {
                    "Content-Type": "application/json",
                    "Accept": "application/json, text/event-stream",
                }
                conn.request("POST", path, body=json.dumps(init).encode(), headers=headers)
                body = conn.getresponse().read()
                conn.close()
                if b'"result"' in body:
                    return time.perf_counter() - start
            except OSError:
                time.sleep(0.01)
        raise SystemExit(
            f"bench_replay: no initialize answer from {argv(port)[:4]}: {body[:200]!r}"
        )
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def timed(argv: list[str]) -> float:
    start = time.perf_counter()
    _run(argv, REPO)
    return time.perf_counter() - start


def median(measure: Callable[[], float], runs: int) -> float:
    return statistics.median(measure() for _ in range(runs))


STDIO, HTTP, VERIFY = (
    "replay stdio, start to first answer",
    "replay HTTP, start to first answer",
    "verify against the live server",
)


def measure_mcpvcr(cassette: Path, runs: int) -> dict[str, float]:
    replay = [PY, "-m", "mcpvcr", "replay", str(cassette), "--no-latency"]
    verify = [PY, "-m", "mcpvcr", "verify", str(cassette), "--stdio", " ".join(DEMO)]
    return {
        STDIO: median(lambda: first_answer_stdio(replay), runs),
        HTTP: median(
            lambda: first_answer_http(lambda p: [*replay, "--http", f"127.0.0.1:{p}"]), runs
        ),
        VERIFY: median(lambda: timed(verify), runs),
    }


def measure_mcp_recorder(tool: str, cassette: Path, runs: int) -> dict[str, float]:
    """mcp-recorder has no stdio replay: HTTP and verify only."""
    init = recorded_initialize(cassette)
    replay = [tool, "replay", "--cassette", str(cassette), "--port"]
    verify = [tool, "verify", "--cassette", str(cassette), "--target-stdio", " ".join(DEMO)]
    return {
        HTTP: median(lambda: first_answer_http(lambda p: [*replay, str(p)], init), runs),
        VERIFY: median(lambda: timed(verify), runs),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--mcp-recorder", default=os.environ.get("MCP_RECORDER") or shutil.which("mcp-recorder")
    )
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args(argv)
    tool = args.mcp_recorder if args.mcp_recorder and Path(args.mcp_recorder).exists() else None
    with tempfile.TemporaryDirectory(prefix="mcpvcr-bench-") as folder:
        work = Path(folder)
        ours = record_mcpvcr(work)
        mine = measure_mcpvcr(ours, args.runs)
        other = (
            measure_mcp_recorder(tool, record_mcp_recorder(tool, work), args.runs) if tool else {}
        )
    rows = [(name, seconds, other.get(name)) for name, seconds in mine.items()]
    print(f"{'':40} {'mcpvcr':>10} {'mcp-recorder':>13} {'ratio':>7}")
    for name, ours_s, theirs_s in rows:
        if theirs_s is None:
            why = "stdio n/a" if tool else "not installed"
            print(f"{name:40} {ours_s * 1000:8.0f} ms {why:>13} {'-':>7}")
        else:
            ratio = theirs_s / ours_s
            print(f"{name:40} {ours_s * 1000:8.0f} ms {theirs_s * 1000:10.0f} ms {ratio:6.2f}x")
    if not tool:
        print("mcp-recorder not found: pass --mcp-recorder PATH (see the module docstring)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
