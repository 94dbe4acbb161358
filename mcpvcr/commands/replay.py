"""`mcpvcr replay FILE`: serve a cassette as a fake MCP server (stdio or HTTP)."""

from __future__ import annotations

import asyncio

import click

from mcpvcr import store
from mcpvcr.errors import CannotRun, UsageError
from mcpvcr.replay.matching import DEFAULT_MATCH_ON, validate_match_on
from mcpvcr.replay.responder import Responder

MODES = ("none",)


@click.command("replay")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option(
    "--http",
    "http_address",
    metavar="HOST:PORT",
    help="Serve streamable HTTP on HOST:PORT (path /mcp) instead of stdio.",
)
@click.option(
    "--mode",
    type=click.Choice(MODES),
    default="none",
    show_default=True,
    help="Record mode: 'none' never contacts a real server; a miss is a JSON-RPC error.",
)
@click.option(
    "--match-on",
    default=",".join(DEFAULT_MATCH_ON),
    show_default=True,
    help="Matchers a request must satisfy: method, target, arguments.",
)
def command(file: str, http_address: str | None, mode: str, match_on: str) -> None:
    """Serve FILE as an MCP server answering exactly what was recorded.

    Lists are paged as the original was; tools/call, resources/read and
    prompts/get answers are replayed verbatim. stdout carries only JSON-RPC.
    """
    try:
        matchers = validate_match_on(name.strip() for name in match_on.split(",") if name.strip())
    except ValueError as err:
        raise UsageError(f"--match-on: {err}") from None
    cassette = store.load(file)
    responder = Responder(cassette, cassette_path=file, match_on=matchers, mode=mode)
    if http_address is None:
        from mcpvcr.replay.stdio import serve_stdio

        reason = asyncio.run(serve_stdio(responder))
    else:
        from mcpvcr.replay.http import serve_http

        host, port = _address(http_address)
        reason = asyncio.run(serve_http(responder, host, port))
    if reason is not None:
        raise CannotRun(f"{file}: the recorded server died here: {reason}")


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--http: expected HOST:PORT such as 127.0.0.1:8765, got {text!r}")
    return host.strip("[]"), int(port)
