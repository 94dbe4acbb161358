"""`mcpvcr record` in fleet mode: --all, --registry FILE, or --server given more than once.

The options live here so commands/record.py only dispatches. A fleet writes one
cassette per server plus `fleet-index.json` into the -o directory.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from mcpvcr.errors import CannotRun, Terminated, UsageError
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS

F = TypeVar("F", bound=Callable[..., Any])


def fleet_options(function: F) -> F:
    decorators = [
        click.option(
            "--all",
            "all_servers",
            is_flag=True,
            help="Record every server of --config into the -o directory.",
        ),
        click.option(
            "--registry",
            type=click.Path(dir_okay=False),
            help="Record registry server.json entries (JSON list or JSON Lines).",
        ),
        click.option(
            "--jobs",
            type=click.IntRange(min=1, max=256),
            default=None,
            help="Fleet: servers recorded at once (default: 2 x CPUs, 2..16).",
        ),
        click.option(
            "--shard",
            metavar="I/N|auto",
            help="Fleet: record only shard I of N (0-based; auto: from the job array).",
        ),
        click.option(
            "--resume",
            is_flag=True,
            help="Fleet: skip servers recorded before (same identity and mcpvcr).",
        ),
        click.option(
            "--server-timeout",
            type=click.FloatRange(min=1),
            default=300.0,
            show_default=True,
            help="Fleet: seconds one server may take in all.",
        ),
        click.option(
            "--fleet-timeout",
            type=click.FloatRange(min=1),
            default=None,
            help="Fleet: seconds the whole run may take (unstarted servers are left out).",
        ),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


FLEET_KEYS = (
    "all_servers",
    "registry",
    "jobs",
    "shard",
    "resume",
    "server_timeout",
    "fleet_timeout",
)


def is_fleet(kwargs: dict[str, Any]) -> bool:
    return bool(
        kwargs.get("all_servers") or kwargs.get("registry") or len(kwargs.get("server") or ()) > 1
    )


def pop_fleet(kwargs: dict[str, Any]) -> dict[str, Any]:
    return {key: kwargs.pop(key) for key in FLEET_KEYS if key in kwargs}


def run(
    output: str, force: bool, fleet: dict[str, Any], target: dict[str, Any], options: dict[str, Any]
) -> None:
    """Record the fleet; exit 0 when it ran to the end (failures are results in the index)."""
    from mcpvcr.commands._target_options import build_options
    from mcpvcr.fleet import runner, sandbox
    from mcpvcr.fleet.shard import parse_shard

    # --sandbox none|netns also set the fleet's own wrapper; with auto|bwrap|unshare every
    # worker jails its server (mcpvcr.live.sandbox) inside that wrapper.
    outer = {"none": "none", "netns": "netns"}.get(str(options.get("sandbox")))
    mode, note = sandbox.choose(outer, registry=bool(fleet.get("registry")))
    options = {**options, "sandbox": _worker_jail(str(options.get("sandbox") or "auto"), mode)}
    specs, source = _specs(fleet, target, sandboxed=mode != "none")
    if note:
        click.echo(f"mcpvcr: {note}", err=True)
    record_options = build_options(**options)
    settings = runner.Settings(
        output=output,
        jobs=fleet.get("jobs") or runner.default_jobs(),
        sandbox=mode,
        record_args=tuple(_record_args(options, force)),
        options=record_options.header_options(),
        server_timeout=float(fleet.get("server_timeout") or 300.0),
        fleet_timeout=fleet.get("fleet_timeout"),
        resume=bool(fleet.get("resume")),
        shard=parse_shard(fleet.get("shard")),
        input_sha256=hashlib.sha256(Path(source).read_bytes()).hexdigest(),
    )
    shard = f", shard {settings.shard.label()}" if settings.shard else ""
    click.echo(
        f"mcpvcr: fleet of {len(specs)} server(s) from {source}{shard}, "
        f"{settings.jobs} at once -> {output}",
        err=True,
    )
    outcome = runner.run_fleet(specs, settings)
    counts = outcome.describe()
    click.echo(f"mcpvcr: fleet: {counts}; index in {Path(output) / 'fleet-index.json'}", err=True)
    if outcome.interrupted:
        raise Terminated if outcome.terminated else KeyboardInterrupt
    if not outcome.complete:
        raise CannotRun(f"{source}: the fleet time-out ended the run; unstarted servers left out")


def _specs(
    fleet: dict[str, Any], target: dict[str, Any], *, sandboxed: bool
) -> tuple[list[Any], str]:
    from mcpvcr.fleet.sources import config_specs

    if target.get("target") or target.get("stdio"):
        raise UsageError(
            "a fleet takes servers from --config or --registry, not a TARGET or --stdio"
        )
    for key, flag in (
        ("header", "--header"),
        ("bearer", "--bearer"),
        ("env", "--env"),
        ("cwd", "--cwd"),
        ("transport", "--transport"),
    ):
        if target.get(key):
            raise UsageError(f"{flag} applies to one server; set it in the config for a fleet")
    config, registry = target.get("config"), fleet.get("registry")
    if config and registry:
        raise UsageError("give --config or --registry, not both")
    if registry:
        from mcpvcr.fleet.host import registry_specs

        return registry_specs(registry, sandboxed=sandboxed), registry
    if not config:
        raise UsageError("--all and repeated --server need --config FILE")
    if fleet.get("all_servers") and target.get("server"):
        raise UsageError("give --all or --server NAME (repeatable), not both")
    names = None if fleet.get("all_servers") else list(target.get("server") or ())
    return config_specs(config, names), config


def _worker_jail(requested: str, outer: str) -> str:
    """The --sandbox each worker gets: `auto` inside the fleet's own wrapper picks unshare.

    bubblewrap's /proc is not fully visible, so the fleet's `unshare --mount-proc`
    wrapper cannot start inside it; the unshare jail has a fresh, whole /proc.
    """
    if requested != "auto" or outer == "none":
        return requested
    from mcpvcr.live import sandbox as jail

    return "unshare" if jail.available("unshare") else "none"


def _record_args(options: dict[str, Any], force: bool) -> list[str]:
    """The recording options as `mcpvcr record` flags, for each worker."""
    args = [
        "--timeout",
        str(options.get("timeout") or DEFAULT_TIMEOUT_SECONDS),
        "--protocol",
        str(options.get("protocol") or "auto"),
        "--seed",
        str(options.get("seed") or 0),
        "--concurrency",
        str(options.get("concurrency") or 4),
    ]
    if options.get("sandbox"):
        # netns: the fleet's own network-only wrapper, files shared (as before): no jail inside.
        worker = "none" if options["sandbox"] == "netns" else str(options["sandbox"])
        args += ["--sandbox", worker]
    if options.get("max_tools") is not None:
        args += ["--max-tools", str(options["max_tools"])]
    for flag, key in (
        ("--fuzz", "fuzz"),
        ("--fuzz-destructive", "fuzz_destructive"),
        ("--fuzz-readonly", "fuzz_readonly"),
        ("--fuzz-writes", "fuzz_writes"),
        ("--elicit-defaults", "elicit_defaults"),
        ("--keep-volatile", "keep_volatile"),
    ):
        if options.get(key):
            args.append(flag)
    for pattern in options.get("scrub") or ():
        args += ["--scrub", pattern]
    for pin in options.get("pin") or ():
        args += ["--pin", pin]
    if force:
        args.append("--force")
    # Each worker's progress would only fill its captured stderr; the fleet has its own line.
    args.append("--quiet")
    return args


def leaderboard(
    directories: tuple[str, ...], *, fmt: str, output: str | None, soft: bool, config: Any
) -> None:
    """`mcpvcr score DIR [DIR...]`: the fleet leaderboard; exit 1 below --min-score."""
    from mcpvcr.errors import CheckFailed
    from mcpvcr.fleet import board, board_render

    if fmt == "sarif" or soft:
        raise UsageError("a leaderboard is markdown, json or html (not sarif or --soft)")
    merged = board.merge(directories)
    for warning in merged.warnings:
        click.echo(f"mcpvcr: warning: {warning}", err=True)
    table = board.rows(merged, config)
    links = board.write_server_reports(table, output, config) if fmt == "html" and output else {}
    text = board_render.render(table, board.totals(table), merged.warnings, fmt, links)
    if output:
        from mcpvcr.store import write_text_atomic

        write_text_atomic(text, output)  # redacted like every report
        beside = f" (+ {len(links)} server report(s) beside it)" if links else ""
        click.echo(f"mcpvcr: leaderboard of {len(table)} server(s) -> {output}{beside}", err=True)
    else:
        click.echo(text, nl=False)
    floor = getattr(config, "min_score", None)
    below = [
        r["name"]
        for r in table
        if r.get("score") is not None and floor is not None and r["score"] < floor
    ]
    if below:
        raise CheckFailed(f"{len(below)} server(s) score below {floor}: {', '.join(below)}")


def fleet_gate(
    old: str,
    kwargs: dict[str, Any],
    fail_on: tuple[str, ...],
    min_score: int | None,
    max_score_drop: int | None,
    ignore_file: str | None,
    fmt: str,
) -> None:
    """`mcpvcr gate BASEDIR NEWDIR`: gate every server; exit 1 when any regressed."""
    import os

    from mcpvcr.config import load_config
    from mcpvcr.errors import CheckFailed
    from mcpvcr.fleet import fleetgate
    from mcpvcr.gate import Policy

    new = kwargs.get("target")
    if not new or not os.path.isdir(new):
        raise UsageError(f"{old} is a fleet directory: NEW must be one too")
    if fmt not in ("text", "markdown", "json"):
        raise UsageError("a fleet gate prints text, markdown or json")
    policy = Policy(
        fail_on=fail_on,
        min_score=min_score,
        max_score_drop=max_score_drop,
        ignore_file=ignore_file,
    )
    verdict = fleetgate.run([old], [new], policy, load_config())
    click.echo(fleetgate.render(verdict, fmt), nl=False)
    if verdict.failed:
        names = ", ".join(key for key, _ in verdict.regressions)
        raise CheckFailed(f"fleet gate failed: {len(verdict.regressions)} regressed: {names}")
    click.echo("mcpvcr: fleet gate passed", err=True)
