"""`mcpvcr serve`: run the stdio MCP server of probe_* tools."""

from __future__ import annotations

import click

from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS


@click.command("serve")
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=DEFAULT_TIMEOUT_SECONDS,
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
@click.option(
    "--root",
    type=click.Path(file_okay=False, exists=True),
    default=None,
    help="The only directory tool calls may read or write cassettes in (default: the "
    "working directory).",
)
@click.option(
    "--allow-stdio",
    is_flag=True,
    help="Let tool calls start any stdio server (probe_connect runs the command it is given).",
)
@click.option(
    "--allow-command",
    "allow_commands",
    multiple=True,
    metavar="CMD",
    help="Let tool calls start exactly this stdio command line, without env or cwd (repeatable).",
)
@click.option(
    "--fuzz-writes",
    is_flag=True,
    help="Let probe_fuzz call tools not annotated readOnlyHint outside a jail (HTTP targets, "
    "no jail here); stdio servers run in the jail either way.",
)
@click.option(
    "--fuzz-destructive",
    is_flag=True,
    help="Let probe_fuzz honour fuzzDestructive (tools annotated destructiveHint).",
)
def command(
    timeout: float,
    cassettes: tuple[str, ...],
    root: str | None,
    allow_stdio: bool,
    allow_commands: tuple[str, ...],
    fuzz_writes: bool,
    fuzz_destructive: bool,
) -> None:
    """Serve probe_connect, probe_lint, probe_fuzz, probe_report, probe_list,
    probe_disconnect, probe_record and probe_diff over stdio, for an MCP host
    (Claude Desktop, Claude Code, Cursor, VS Code). stdout carries only JSON-RPC.

    Safe by default: a tool call cannot start a stdio server unless --allow-stdio
    is given or the exact command is given with --allow-command or listed in the
    user config's [serve] allow-stdio (a repository's mcpvcr.toml cannot allow it),
    and cassette paths must lie inside --root.
    """
    import asyncio
    import dataclasses

    from mcpvcr.config import load_config, load_subtable
    from mcpvcr.errors import UsageError
    from mcpvcr.serve.policy import (
        ServePolicy,
        allowed_from_config,
        repo_allowance_notice,
        user_serve_table,
    )
    from mcpvcr.serve.server import serve_stdio
    from mcpvcr.serve.session import ProbeError

    config = load_config()  # lint and scores as `mcpvcr lint` / `mcpvcr score` give them here
    repo_table, repo_source = load_subtable("serve")
    notice = repo_allowance_notice(repo_table, repo_source)
    if notice:
        click.echo(notice, err=True)
    table, source = user_serve_table()  # only the person's own file may widen the policy
    all_stdio, allowed = allowed_from_config(table, source)
    policy = dataclasses.replace(
        ServePolicy.build(root, allow_stdio or all_stdio, [*allowed, *allow_commands]),
        fuzz_writes=fuzz_writes,
        fuzz_destructive=fuzz_destructive,
    )
    try:
        asyncio.run(serve_stdio(timeout, cassettes, config, policy))
    except ProbeError as err:
        raise UsageError(f"--open: {err}") from None
