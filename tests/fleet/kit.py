"""Fleets for tests and the bench: configs of the pinned real servers and the misbehaving zoo.

Real servers are given as their plain argv (node / the venv's python, never npx or uvx) and
the fleet runs them with `--sandbox netns`, so they have no network.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.targets import (
    everything_argv,
    fetch_argv,
    filesystem_argv,
    git_argv,
    memory_argv,
    sequential_thinking_argv,
    time_argv,
)

REPO = Path(__file__).resolve().parents[2]
FS_ROOT = REPO / "tests" / "live" / "fs_root"
REAL = (
    "everything@2026.8.31",
    "everything@2025.11.25",
    "filesystem",
    "memory",
    "sequential-thinking@2026.8.31",
    "sequential-thinking@2025.11.25",
    "time",
    "git@2026.10.19",
    "git@2025.11.25",
    "fetch",
)


def _plain(argv: list[str]) -> list[str]:
    """Drop the `unshare -rn` prefix tests.targets adds: the fleet's sandbox adds its own."""
    return argv[2:] if argv[0].endswith("unshare") and argv[1] == "-rn" else argv


def real_argv(spec: str) -> list[str]:
    name, _, version = spec.partition("@")
    builders: dict[str, Any] = {
        "everything": lambda: everything_argv(version=version or None),
        "filesystem": lambda: filesystem_argv(FS_ROOT),
        "memory": memory_argv,
        "sequential-thinking": lambda: sequential_thinking_argv(version or None),
        "time": time_argv,
        "git": lambda: git_argv(REPO, version or None),
        "fetch": fetch_argv,
    }
    return _plain(builders[name]())


def zoo(mode: str, *args: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "command": sys.executable,
        "args": ["-m", "tests.servers", mode, *args],
        "cwd": str(REPO),
    }
    if env:
        entry["env"] = env
    return entry


def demo() -> dict[str, Any]:
    return {"command": sys.executable, "args": ["-m", "examples.demo_target"], "cwd": str(REPO)}


def real(spec: str, env: dict[str, str] | None = None) -> dict[str, Any]:
    argv = real_argv(spec)
    entry: dict[str, Any] = {"command": argv[0], "args": argv[1:]}
    if env:
        entry["env"] = env
    return entry


def write_config(path: Path, servers: dict[str, dict[str, Any]]) -> str:
    path.write_text(json.dumps({"mcpServers": servers}, indent=1))
    return str(path)


def mcpvcr(*args: str, timeout: float = 300, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=timeout,
        **kwargs,
    )


def index(directory: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((directory / "fleet-index.json").read_text())
    return data


def entries(directory: Path, *, timings: bool = False) -> dict[str, dict[str, Any]]:
    return {
        e["key"]: e if timings else {k: v for k, v in e.items() if k != "seconds"}
        for e in index(directory)["servers"]
    }


def cassettes(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.glob("*.mcpvcr"))}


def alive_with_marker(marker: str) -> list[int]:
    """PIDs of live processes whose environment holds `marker`."""
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in environ and state != "Z":
            pids.append(int(entry.name))
    return pids
