"""`mcpvcr record TARGET -o FILE`: a live server into a cassette.

Progress goes to stderr, nothing to stdout. The file is written atomically and
only when the recording is worth keeping: an existing cassette is never
replaced by a failed, interrupted, incomplete or empty recording (unless
--force), so a good cassette survives a bad day of the server.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import signal
from collections.abc import Iterator
from typing import Any, NoReturn

import click

from mcpvcr import store
from mcpvcr.cassette import LIST_KINDS, LIST_METHODS, Cassette
from mcpvcr.commands import _fleet
from mcpvcr.commands._target_options import (
    build_options,
    build_target,
    check_output_file,
    record_options,
    split_kwargs,
    target_options,
)
from mcpvcr.errors import CannotRun, McpVcrError, Terminated, UsageError
from mcpvcr.terminal import one_line, printable


@click.command("record")
@target_options
@record_options
@_fleet.fleet_options
@click.option(
    "-o",
    "--output",
    required=True,
    type=click.Path(),
    help="The cassette file to write (atomically); for a fleet, the directory.",
)
@click.option(
    "--force",
    is_flag=True,
    help="Overwrite FILE even with an empty or incomplete recording.",
)
@click.option(
    "--scenarios",
    "scenarios_file",
    type=click.Path(dir_okay=False),
    default=None,
    help="Also record the named calls of a scenarios file (mcpvcr-scenarios.toml).",
)
def command(output: str, force: bool, scenarios_file: str | None, **kwargs: Any) -> None:
    """Record a live MCP server's contract (and with --fuzz its behaviour) into FILE.

    TARGET is a streamable HTTP URL (legacy SSE with --transport sse); or use
    --stdio "COMMAND ARGS", or --config FILE --server NAME.

    Fleet: --config FILE --all (or --server repeated), or --registry FILE,
    records every server into the -o DIRECTORY through a bounded pool.
    """
    fleet = _fleet.pop_fleet(kwargs)
    target_kwargs, option_kwargs = split_kwargs(kwargs)
    if _fleet.is_fleet({**fleet, **target_kwargs}):
        if scenarios_file is not None:
            raise UsageError("--scenarios names one server's calls; it does not apply to a fleet")
        return _fleet.run(output, force, fleet, target_kwargs, option_kwargs)
    if any(fleet.get(key) for key in ("jobs", "shard", "resume", "sandbox", "fleet_timeout")):
        raise UsageError(
            "--jobs, --shard, --resume, --sandbox and --fleet-timeout need a fleet "
            "(--config F --all, --registry F, or --server more than once)"
        )
    check_output_file(output, "-o")
    target = build_target(**target_kwargs)
    options = build_options(**option_kwargs)
    if scenarios_file is not None:
        from mcpvcr.verify.scenarios import load_scenarios

        options = dataclasses.replace(options, scenarios=load_scenarios(scenarios_file))
    label = printable(target.label)
    click.echo(f"mcpvcr: recording {label} ...", err=True)

    from mcpvcr.live import record

    cassette = record(target, options)
    with _sigterm_as_interrupt():
        _write(cassette, output, force, label)


def _write(cassette: Cassette, output: str, force: bool, label: str) -> None:
    existing = os.path.exists(output)
    if not cassette.complete:
        reason = printable(str(cassette.header.get("incomplete") or "cut short"))
        if cassette.detail:
            reason += f"; {one_line(cassette.detail)}"
        if existing and not force:
            raise CannotRun(f"{label}: recording incomplete ({reason}); kept the existing {output}")
        store.save(cassette, output)
        raise CannotRun(f"{label}: recording incomplete ({reason}); partial cassette in {output}")
    if _is_empty(cassette) and existing and not force:
        raise CannotRun(
            f"{label}: the server listed no tools, resources, templates or prompts; "
            f"kept the existing {output} (use --force to overwrite)"
        )
    failed = _newly_failed_list(cassette, output) if existing and not force else None
    if failed is not None:
        raise CannotRun(
            f"{label}: {failed} failed this time; kept the existing {output} "
            "(use --force to overwrite)"
        )
    size = store.save(cassette, output)
    click.echo(f"mcpvcr: {one_line(_summary(cassette))} -> {output} ({size} bytes)", err=True)


def _newly_failed_list(cassette: Cassette, output: str) -> str | None:
    """A list method that failed now but listed items in the existing cassette.

    Overwriting would lose those items; a list that failed both times (a server
    that never answers prompts/list) does not block re-recording.
    """
    try:
        previous = store.load(output)
    except McpVcrError:
        return None  # an unreadable file holds nothing to keep
    for kind in LIST_KINDS:
        failed_now = isinstance(cassette.list_record(kind).get("error"), dict)
        if failed_now and previous.items(kind):
            return LIST_METHODS[kind]
    return None


@contextlib.contextmanager
def _sigterm_as_interrupt() -> Iterator[None]:
    """SIGTERM while writing unwinds like Ctrl-C, so the atomic save removes its temp file."""

    def interrupt(signum: int, frame: object) -> NoReturn:
        raise Terminated

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _is_empty(cassette: Cassette) -> bool:
    return not cassette.interactions and not any(cassette.items(kind) for kind in LIST_KINDS)


def _summary(cassette: Cassette) -> str:
    counts = ", ".join(
        f"{len(cassette.items(kind))} {name}"
        for kind, name in zip(
            LIST_KINDS, ("tools", "resources", "templates", "prompts"), strict=True
        )
    )
    era = f"{cassette.handshake} {cassette.protocol_version}".strip()
    calls = f", {len(cassette.interactions)} calls" if cassette.interactions else ""
    failed = [
        f"{LIST_METHODS[kind]} {_error_text(cassette.list_record(kind)['error'])}"
        for kind in LIST_KINDS
        if isinstance(cassette.list_record(kind).get("error"), dict)
    ]
    errors = f" (failed: {'; '.join(failed)})" if failed else ""
    return f"{era}: {counts}{calls}{errors}"


def _error_text(error: dict[str, Any]) -> str:
    return printable(f"{error.get('code')} {error.get('message')}"[:120])
