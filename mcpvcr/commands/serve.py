"""`mcpvcr serve`: run the stdio MCP server of probe_* tools."""

from __future__ import annotations

import click


@click.command("serve")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=10.0,
    show_default=True,
    help="Handshake and per-request time-out (seconds) when probing a target.",
)
@click.option(
    "--open",
    "cassettes",
    multiple=True,
    type=click.Path(dir_okay=False, exists=True),
    metavar="FILE",
    help="Open a cassette as a connection at start (repeatable); the last is the default.",
)
def command(timeout: float, cassettes: tuple[str, ...]) -> None:
    """Serve probe_connect, probe_lint, probe_fuzz, probe_report, probe_list,
    probe_disconnect, probe_record and probe_diff over stdio, for an MCP host
    (Claude Desktop, Claude Code, Cursor, VS Code). stdout carries only JSON-RPC.
    """
    import asyncio

    from mcpvcr.config import load_config
    from mcpvcr.errors import UsageError
    from mcpvcr.live.probe_server import serve_stdio
    from mcpvcr.probe import ProbeError

    config = load_config()  # lint and scores as `mcpvcr lint` / `mcpvcr score` give them here
    try:
        asyncio.run(serve_stdio(timeout, cassettes, config))
    except ProbeError as err:
        raise UsageError(f"--open: {err}") from None
