"""pytest plugin: test MCP clients and agents against replayed cassettes.

Installed with mcpvcr (entry point `pytest11`). Mark a test with the cassette
to serve and take one of the fixtures:

    @pytest.mark.mcpvcr("cassettes/everything.mcpvcr")
    async def test_my_client(mcpvcr_server):
        params = StdioServerParameters(**mcpvcr_server.stdio_parameters())
        ...

    @pytest.mark.mcpvcr("cassettes/everything.mcpvcr", match_on="method,target")
    def test_over_http(mcpvcr_http_server):
        url = mcpvcr_http_server.url   # http://127.0.0.1:<free port>/mcp

    @pytest.mark.mcpvcr("cassettes/new.mcpvcr", record_mode=RecordMode.ONCE,
                        target="python -m my_server")
    def test_records_once(mcpvcr_server): ...

`record_mode` is a `RecordMode` (or its name): `none` (the default) never
contacts a real server; `once`, `new_episodes` and `all` need `target`, a URL
or a stdio command line, as `mcpvcr replay --mode ... --target ...` does.

An `async def` test marked `mcpvcr` runs on asyncio as it is (no async plugin
or marker needed); a test that also carries an `anyio`, `asyncio` or `trio`
marker is left to that plugin.

The cassette path is relative to the pytest root directory. Nothing here
imports `mcp`; the replay server runs as `python -m mcpvcr replay`. The
`mcpvcr_verify` fixture (record a baseline, verify after) is in `pytest_verify`.
"""

from __future__ import annotations

import asyncio
import inspect
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from mcpvcr.pytest_verify import mcpvcr_verify, pytest_addoption
from mcpvcr.replay.matching import DEFAULT_MATCH_ON
from mcpvcr.replay.modes import RecordMode, resolve

__all__ = ["RecordMode", "ReplayServer", "mcpvcr_verify", "pytest_addoption"]

READY_TIMEOUT_SECONDS = 15.0


@dataclass(frozen=True, kw_only=True)
class ReplayServer:
    """How to reach a replayed cassette: a stdio command line, or a URL for HTTP."""

    cassette: Path
    command: str
    args: tuple[str, ...]
    url: str | None = None

    def stdio_parameters(self) -> dict[str, object]:
        """Keyword arguments for the SDK's `StdioServerParameters`."""
        return {"command": self.command, "args": list(self.args)}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "mcpvcr(cassette, match_on='method,target,arguments', record_mode='none', target=None,"
        " chaos=SPEC, exhausted='repeat'): the cassette that the mcpvcr_server /"
        " mcpvcr_http_server fixtures replay",
    )
    config.addinivalue_line(
        "markers",
        "mcpvcr_verify(baseline, stdio=COMMAND|url=URL, record_mode='once', fail_on=..., "
        "scenarios=FILE): the server and baseline the mcpvcr_verify fixture checks",
    )


_ASYNC_PLUGIN_MARKERS = ("anyio", "asyncio", "trio")


@pytest.hookimpl
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run an `async def` test marked `mcpvcr` on asyncio, unless an async plugin owns it."""
    function = pyfuncitem.obj
    if not inspect.iscoroutinefunction(function) or pyfuncitem.get_closest_marker("mcpvcr") is None:
        return None
    if any(pyfuncitem.get_closest_marker(name) for name in _ASYNC_PLUGIN_MARKERS):
        return None
    if "anyio_backend" in pyfuncitem.funcargs:
        return None
    names = pyfuncitem._fixtureinfo.argnames
    asyncio.run(function(**{name: pyfuncitem.funcargs[name] for name in names}))
    return True


def _marker_settings(request: pytest.FixtureRequest) -> tuple[Path, tuple[str, ...]]:
    """The marked cassette and the `mcpvcr replay` options after it."""
    marker = request.node.get_closest_marker("mcpvcr")
    if marker is None:
        raise pytest.UsageError(
            f"{request.node.nodeid}: mark the test with @pytest.mark.mcpvcr('path/to.mcpvcr')"
        )
    raw = marker.args[0] if marker.args else marker.kwargs.get("cassette")
    if not isinstance(raw, str | os.PathLike):
        raise pytest.UsageError(f"{request.node.nodeid}: mcpvcr marker needs a cassette path")
    path = Path(raw)
    if not path.is_absolute():
        path = Path(request.config.rootpath) / path
    target = marker.kwargs.get("target")
    try:
        mode = RecordMode.parse(marker.kwargs.get("record_mode", RecordMode.NONE))
        first = resolve(mode, cassette_exists=path.is_file(), has_target=bool(target))
    except ValueError as err:
        raise pytest.UsageError(f"{request.node.nodeid}: mcpvcr marker: {err}") from None
    if not path.is_file() and not first.record_first:
        raise pytest.UsageError(f"{request.node.nodeid}: cassette {path} does not exist")
    match_on = str(marker.kwargs.get("match_on", ",".join(DEFAULT_MATCH_ON)))
    options: tuple[str, ...] = ("--match-on", match_on, "--mode", mode.value)
    if target:
        options += ("--target", str(target))
    for key, option in (("chaos", "--chaos"), ("exhausted", "--exhausted")):
        if marker.kwargs.get(key) is not None:  # see docs/replay.md
            options += (option, str(marker.kwargs[key]))
    return path, options


@pytest.fixture
def mcpvcr_server(request: pytest.FixtureRequest) -> ReplayServer:
    """A stdio replay server for the marked cassette (your client spawns it)."""
    path, options = _marker_settings(request)
    args = ("-m", "mcpvcr", "replay", str(path), *options)
    return ReplayServer(cassette=path, command=sys.executable, args=args)


@pytest.fixture
def mcpvcr_http_server(request: pytest.FixtureRequest) -> Iterator[ReplayServer]:
    """A streamable HTTP replay server on 127.0.0.1 for the marked cassette."""
    path, options = _marker_settings(request)
    port = _free_port()
    args: tuple[str, ...] = ("-m", "mcpvcr", "replay", str(path), *options)
    args += ("--http", f"127.0.0.1:{port}")
    process = subprocess.Popen(
        [sys.executable, *args], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL
    )
    try:
        _wait_for_port(port, process)
        yield ReplayServer(
            cassette=path, command=sys.executable, args=args, url=f"http://127.0.0.1:{port}/mcp"
        )
    finally:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _wait_for_port(port: int, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"mcpvcr replay exited with status {process.returncode}")
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"mcpvcr replay did not listen on 127.0.0.1:{port} in time")
