"""`mcpvcr replay FILE`: serve a cassette as a fake MCP server (stdio or HTTP)."""

from __future__ import annotations

import asyncio
import os
import re
from typing import TYPE_CHECKING, Any

import click

from mcpvcr.commands._target_options import build_options, build_target, proxy_options
from mcpvcr.errors import CannotRun, UsageError
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS
from mcpvcr.replay.matching import DEFAULT_MATCH_ON, validate_match_on
from mcpvcr.replay.modes import RecordMode, resolve

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.recording import RecordOptions
    from mcpvcr.replay.chaos import ChaosSpec
    from mcpvcr.replay.http_guard import HttpGuard
    from mcpvcr.replay.runner import ReplayPlan
    from mcpvcr.targets import Target


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
    type=click.Choice([mode.value for mode in RecordMode]),
    default=RecordMode.NONE.value,
    show_default=True,
    help="none: never contact a real server (a miss is a JSON-RPC error); once: record FILE "
    "from --target if it does not exist, then as none; new_episodes: forward misses to "
    "--target and append them to FILE; all: forward everything and re-record FILE's calls.",
)
@click.option(
    "--target",
    metavar="URL|COMMAND",
    help="The real server for once/new_episodes/all: a streamable HTTP URL or a stdio "
    "command line (credentials from --bearer, --header or $MCPVCR_TARGET_TOKEN), or use "
    "--config FILE --server NAME.",
)
@proxy_options
@click.option(
    "--match-on",
    default=",".join(DEFAULT_MATCH_ON),
    show_default=True,
    help="Matchers a request must satisfy: method, target, arguments.",
)
@click.option(
    "--exhausted",
    type=click.Choice(["repeat", "miss"]),
    default="repeat",
    show_default=True,
    help="Identical requests get the recorded answers in recorded order; past the last one, "
    "repeat it, or answer a replay miss (new_episodes forwards it to --target instead).",
)
@click.option(
    "--chaos",
    "chaos_spec",
    metavar="SPEC",
    help="Misbehave on purpose, the same way every run: e.g. 'latency=3x,jitter=50ms,"
    "errors=10%,timeouts=5%,disconnect-after=20,oversize=1%,seed=7' (see docs/replay.md).",
)
@click.option(
    "--no-latency", is_flag=True, help="Answer at once instead of waiting out recorded latencies."
)
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=DEFAULT_TIMEOUT_SECONDS,
    show_default=True,
    help="Seconds for each request forwarded to --target.",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="With --http: also answer requests whose Host header is NAME (repeatable; by "
    "default only localhost, 127.0.0.1 and ::1).",
)
@click.option(
    "--no-token",
    is_flag=True,
    help="With --http in a record-through mode: accept clients without the bearer token (for "
    "clients that cannot send one, such as the MCP conformance suite). Any local process can "
    "then reach the real server through the replay.",
)
def command(
    file: str,
    http_address: str | None,
    mode: str,
    target: str | None,
    match_on: str,
    exhausted: str,
    chaos_spec: str | None,
    no_latency: bool,
    timeout: float,
    allow_hosts: tuple[str, ...],
    no_token: bool,
    **connection: Any,
) -> None:
    """Serve FILE as an MCP server answering exactly what was recorded.

    Lists are paged as the original was; tools/call, resources/read and
    prompts/get answers are replayed verbatim. stdout carries only JSON-RPC.
    """
    from mcpvcr.replay.runner import ReplayPlan

    try:
        matchers = validate_match_on(name.strip() for name in match_on.split(",") if name.strip())
    except ValueError as err:
        raise UsageError(f"--match-on: {err}") from None
    chaos = _chaos(chaos_spec) if chaos_spec is not None else None
    has_target = bool(target or connection.get("config"))
    try:
        resolved = resolve(
            RecordMode.parse(mode), cassette_exists=os.path.exists(file), has_target=has_target
        )
    except ValueError as err:
        raise UsageError(f"--mode {mode} needs --target URL|COMMAND ({err})") from None
    address = _address(http_address) if http_address else None
    live = _target(target, connection) if has_target else None
    options = build_options(
        timeout=timeout,
        scrub=connection.get("scrub"),
        keep_volatile=connection.get("keep_volatile"),
    )
    if resolved.record_first and live is not None:
        _record_first(file, live, options)
    guard = (
        _guard(address, allow_hosts, resolved.mode.forwards and not no_token) if address else None
    )
    plan = ReplayPlan(
        cassette=_cassette(file, resolved.mode, live),
        path=file,
        match_on=matchers,
        mode=resolved.mode,
        replay_latency=not no_latency,
        exhausted=exhausted,
        chaos=chaos,
        live=live,
        options=options,
        address=address,
        guard=guard,
    )
    _serve(plan)


def _serve(plan: ReplayPlan) -> None:
    from mcpvcr.replay.responder import CHAOS_DISCONNECT
    from mcpvcr.replay.runner import run_replay

    try:
        reason = asyncio.run(run_replay(plan))
    except KeyboardInterrupt:
        # Ctrl-C is how a replay server is meant to stop: no traceback, no error.
        click.echo("mcpvcr: replay stopped", err=True)
        return
    if reason is not None and reason.startswith(CHAOS_DISCONNECT):
        return  # asked for: the client was cut off, the replay did its job
    if reason is not None:
        raise CannotRun(f"{plan.path}: the recorded server died here: {reason}")


def _chaos(text: str) -> ChaosSpec:
    from mcpvcr.replay.chaos import ChaosSpec, ChaosSpecError

    try:
        return ChaosSpec.parse(text)
    except ChaosSpecError as err:
        raise UsageError(f"--chaos: {err}") from None


def _guard(address: tuple[str, int], allow_hosts: tuple[str, ...], token: bool) -> HttpGuard:
    from mcpvcr.replay.http_guard import HttpGuard, is_loopback

    if not is_loopback(address[0]):
        click.echo(
            f"mcpvcr: warning: --http {address[0]} is not a loopback address; anyone who can "
            "reach it can use this replay",
            err=True,
        )
    guard = HttpGuard.build(allow_hosts, record_through=token)
    if guard.token is not None:
        # Forwarding uses your credentials: only a client holding this token may.
        click.echo(f"mcpvcr: clients must send 'Authorization: Bearer {guard.token}'", err=True)
    return guard


def _cassette(file: str, mode: RecordMode, live: Target | None) -> Cassette:
    """The cassette to serve; record-through modes may start from none at all."""
    from mcpvcr import store
    from mcpvcr.cassette import Cassette

    if live is not None and mode.forwards and not os.path.exists(file):
        # Filled in (handshake, lists) by the first client's session to the target,
        # and written only then: a replay nobody used leaves no file behind.
        return Cassette.new(
            transport=live.transport,
            handshake="initialize",
            protocol_version="",
            client_info={},
            client_capabilities={},
            server={},
        )
    return store.load(file)


def _record_first(file: str, target: Target, options: RecordOptions) -> None:
    from mcpvcr import store
    from mcpvcr.live import record

    click.echo(f"mcpvcr: {file} does not exist; recording it first (mode once)", err=True)
    store.save(record(target, options), file)


def _target(text: str | None, connection: dict[str, Any]) -> Target:
    """The live server, reached and redacted as `record` reaches it (commands/_target_options)."""
    url = text if text and re.match(r"^https?://", text) else None
    stdio = text if text and not url else None
    return build_target(target=url, stdio=stdio, **connection)


def _address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise UsageError(f"--http: expected HOST:PORT such as 127.0.0.1:8765, got {text!r}")
    return host.strip("[]"), int(port)
