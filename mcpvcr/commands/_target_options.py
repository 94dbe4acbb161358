"""Click options shared by every command that talks to a live server.

`target_options` adds the TARGET argument (a URL) or --stdio/--config/--server,
plus --transport/--header/--bearer/--env/--cwd; `record_options` adds the
recording options. `build_target(**kwargs)` and `build_options(**kwargs)` turn
the parsed values into a `Target` and `RecordOptions` (pure; no mcp import).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any, TypeVar

import click

from mcpvcr.commands._oauth_options import (
    OAUTH_KEYS,
    given_oauth_options,
    oauth_from_kwargs,
    oauth_options,
)
from mcpvcr.errors import UsageError
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS, RecordOptions
from mcpvcr.targets import (
    Target,
    credential_headers,
    load_config_target,
    parse_env,
    stdio_target,
    url_target,
)

F = TypeVar("F", bound=Callable[..., Any])

TARGET_KEYS = (
    "target",
    "stdio",
    "config",
    "server",
    "transport",
    "header",
    "bearer",
    "env",
    "cwd",
    *OAUTH_KEYS,
)
OPTION_KEYS = (
    "timeout",
    "protocol",
    "fuzz",
    "seed",
    "max_tools",
    "concurrency",
    "fuzz_destructive",
    "fuzz_readonly",
    "fuzz_writes",
    "sandbox",
    "elicit_defaults",
    "quiet",
    "keep_volatile",
    "scrub",
    "pin",
)


def target_options(function: F) -> F:
    """TARGET argument and the options that say how to reach it."""
    decorators = [
        click.argument("target", required=False, metavar="[TARGET]"),
        click.option(
            "--stdio",
            "stdio",
            metavar="COMMAND",
            help='Run a stdio server: a command line, e.g. --stdio "npx -y pkg arg".',
        ),
        *_connection_options(),
    ]
    function = oauth_options(function)  # innermost, so listed after the other target options
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def proxy_options(function: F) -> F:
    """`replay`'s record-through target: reached as `record` reaches it (--config/--server,
    --header/--bearer/--env/--cwd, config-file secrets), stored as `record` stores it
    (--scrub, --keep-volatile, redaction)."""
    decorators = [
        *_connection_options(),
        _SCRUB,
        _KEEP_VOLATILE,
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


def _connection_options() -> list[Callable[[F], F]]:
    return [
        click.option(
            "--config",
            type=click.Path(dir_okay=False),
            help="An mcpServers (Claude/Cursor/.mcp.json) or VS Code servers JSON file.",
        ),
        click.option(
            "--server",
            metavar="NAME",
            multiple=True,
            help="The server entry to use from --config (record: repeat it for a fleet).",
        ),
        click.option(
            "--transport",
            type=click.Choice(["http", "sse"]),
            default=None,
            help="For a URL TARGET: streamable HTTP (default) or legacy SSE.",
        ),
        click.option(
            "--header",
            "header",
            multiple=True,
            metavar='"NAME: VALUE"',
            help="HTTP header for the server (repeatable); the value is never recorded.",
        ),
        click.option(
            "--bearer",
            metavar="TOKEN",
            help="Bearer token (default: $MCPVCR_TARGET_TOKEN); never recorded.",
        ),
        click.option(
            "--env",
            "env",
            multiple=True,
            metavar="KEY=VALUE",
            help="Environment variable for a stdio server (repeatable); only the name is recorded.",
        ),
        click.option(
            "--cwd", type=click.Path(file_okay=False), help="Working directory of a stdio server."
        ),
    ]


_KEEP_VOLATILE = click.option(
    "--keep-volatile",
    is_flag=True,
    help="Do not scrub timestamps, UUIDs and temp paths from answers.",
)
_SCRUB = click.option(
    "--scrub",
    multiple=True,
    metavar="REGEX",
    help="Also replace matches of REGEX in recorded strings (repeatable).",
)


def record_options(function: F) -> F:
    """The options that say what and how long to record."""
    decorators = [
        click.option(
            "--timeout",
            type=click.FloatRange(min=0.1),
            default=DEFAULT_TIMEOUT_SECONDS,
            show_default=True,
            help="Seconds for the handshake and for every request.",
        ),
        click.option(
            "--protocol",
            type=click.Choice(["auto", "initialize", "discover"]),
            default="auto",
            show_default=True,
            help="Handshake: try server/discover then initialize (auto), or force one.",
        ),
        click.option(
            "--fuzz",
            is_flag=True,
            help="Also call tools with valid and malformed input. A stdio server runs in a "
            "jail (--sandbox) where every tool not annotated destructiveHint is called; "
            "without a jail only tools annotated readOnlyHint are (see --fuzz-writes).",
        ),
        click.option(
            "--fuzz-readonly",
            is_flag=True,
            help="With --fuzz: call only tools annotated readOnlyHint, even inside the jail.",
        ),
        click.option(
            "--fuzz-writes",
            is_flag=True,
            help="Without a jail, also call tools not annotated readOnlyHint (they may change "
            "data). Never taken from a cassette.",
        ),
        sandbox_option(),
        click.option(
            "--elicit-defaults",
            is_flag=True,
            help="Declare form elicitation and accept each form with the server's own "
            "default values (cancel when a required field has none). Without it, "
            "elicitation is not declared and is refused.",
        ),
        click.option(
            "--seed", type=int, default=0, show_default=True, help="Seed of the fuzz cases."
        ),
        click.option(
            "--max-tools", type=click.IntRange(min=0), default=None, help="Fuzz at most N tools."
        ),
        click.option(
            "--concurrency",
            type=click.IntRange(min=1, max=64),
            default=4,
            show_default=True,
            help="Requests in flight during the fuzz pass.",
        ),
        click.option(
            "--fuzz-destructive",
            is_flag=True,
            help="Also fuzz tools annotated destructive (skipped by default).",
        ),
        click.option(
            "--quiet", "-q", is_flag=True, help="No progress line on stderr during --fuzz."
        ),
        _KEEP_VOLATILE,
        _SCRUB,
        click.option(
            "--pin",
            multiple=True,
            metavar="TOOL=JSON",
            help='Known-good arguments for TOOL\'s valid case, e.g. --pin \'add={"a":1,"b":2}\'.',
        ),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function


SANDBOX_CHOICES = ("auto", "bwrap", "unshare", "none", "netns")
"""netns: the fleets' earlier name for a network-only wrapper; now the unshare jail."""


def sandbox_option() -> Callable[[F], F]:
    """`--sandbox`: the jail a stdio server runs in (record, audit, verify, fleets)."""
    return click.option(
        "--sandbox",
        type=click.Choice(SANDBOX_CHOICES),
        default="auto",
        show_default=True,
        help="Jail for a stdio server: no network, a private copy of its working directory, "
        "private /tmp and HOME, the rest read-only (auto: bubblewrap, else unshare, else none). "
        "Fleets: none and netns also set the fleet's own wrapper.",
    )


def split_kwargs(kwargs: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """Separate target kwargs from recording-option kwargs (commands get both)."""
    target = {key: kwargs.pop(key) for key in TARGET_KEYS if key in kwargs}
    options = {key: kwargs.pop(key) for key in OPTION_KEYS if key in kwargs}
    return target, options


def build_target(**kwargs: Any) -> Target:
    """A Target from the values of `target_options` (extra keys are ignored)."""
    target: str | None = kwargs.get("target")
    stdio: str | None = kwargs.get("stdio")
    config: str | None = kwargs.get("config")
    server = _one_server(kwargs.get("server"))
    if config and target and not server and not stdio:
        server, target = target, None  # `--config FILE NAME` selects by name
    chosen = [
        name
        for name, value in (("TARGET", target), ("--stdio", stdio), ("--config", config))
        if value
    ]
    if len(chosen) > 1:
        raise UsageError(f"give one target, not {' and '.join(chosen)}")
    if server and not config:
        raise UsageError("--server needs --config FILE")
    env = dict(parse_env(item) for item in kwargs.get("env") or ())
    headers = credential_headers(tuple(kwargs.get("header") or ()), kwargs.get("bearer"))
    cwd: str | None = kwargs.get("cwd")
    if cwd:
        check_directory(cwd, "--cwd")
    if stdio:
        _no_http_options(kwargs, "--stdio")
        return stdio_target(stdio, env=env, cwd=cwd)
    if config:
        found = load_config_target(config, server)
        return _with_oauth(_merge(found, env, headers, cwd), kwargs)
    if target:
        if env or cwd:
            raise UsageError(f"{target}: --env and --cwd apply to stdio servers only")
        if not re.match(r"^https?://", target):
            raise UsageError(
                f'{target!r} is not a URL; for a stdio server use --stdio "COMMAND ARGS"'
            )
        found = url_target(target, transport=kwargs.get("transport") or "http", headers=headers)
        return _with_oauth(found, kwargs)
    raise UsageError("no target: give a URL, --stdio COMMAND, or --config FILE --server NAME")


def check_directory(path: str, option: str) -> None:
    """Refuse a working directory that is missing or not a folder, before anything starts.

    Without this a missing --cwd surfaces as "command not found" from the
    process launcher, which names the wrong problem.
    """
    import os

    if not os.path.exists(path):
        raise UsageError(f"{option} {path}: no such directory")
    if not os.path.isdir(path):
        raise UsageError(f"{option} {path}: not a directory")


def check_output_file(path: str | None, option: str) -> None:
    """Refuse an output path whose folder is missing or not writable, before recording.

    A recording can take minutes; finding out afterwards that it cannot be kept
    wastes all of it. Exit 3 (could not run), as a failed write after recording is.
    """
    import os

    from mcpvcr.errors import CannotRun

    if not path:
        return
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise CannotRun(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CannotRun(f"{option} {path}: the folder {folder} is not writable")
    if os.path.isdir(path):
        raise CannotRun(f"{option} {path}: is a directory, not a file")


def _one_server(value: str | tuple[str, ...] | list[str] | None) -> str | None:
    """`--server` is repeatable for a fleet (`record`); everywhere else it names one entry."""
    if value is None or isinstance(value, str):
        return value
    names = list(value)
    if len(names) > 1:
        raise UsageError("--server more than once records a fleet: only `mcpvcr record` does that")
    return names[0] if names else None


def _with_oauth(found: Target, kwargs: dict[str, Any]) -> Target:
    """The target with its OAuth settings (options, else MCPVCR_OAUTH_* variables)."""
    if found.transport == "stdio":
        _no_oauth_options(kwargs, found.label)
        return found
    return dataclasses.replace(found, oauth=oauth_from_kwargs(kwargs))


def _no_oauth_options(kwargs: dict[str, Any], what: str) -> None:
    if given_oauth_options(kwargs):
        raise UsageError(f"{what}: the --oauth options apply to HTTP servers only")


def _no_http_options(kwargs: dict[str, Any], what: str) -> None:
    _no_oauth_options(kwargs, what)
    if kwargs.get("header") or kwargs.get("bearer"):
        raise UsageError(f"{what}: --header and --bearer apply to HTTP servers only")
    if kwargs.get("transport"):
        raise UsageError(f"{what}: --transport applies to a URL target only")


def _merge(found: Target, env: dict[str, str], headers: dict[str, str], cwd: str | None) -> Target:
    """Command-line --env/--header/--cwd override the config entry's."""
    if found.transport == "stdio":
        if headers:
            raise UsageError(f"{found.label}: --header and --bearer apply to HTTP servers only")
        return Target(
            transport="stdio",
            command=found.command,
            cwd=cwd or found.cwd,
            env={**found.env, **env},
            label=found.label,
            expanded=found.expanded,  # a token expanded into args is still a secret
        )
    if env or cwd:
        raise UsageError(f"{found.label}: --env and --cwd apply to stdio servers only")
    return Target(
        transport=found.transport,
        url=found.url,
        headers={**found.headers, **headers},
        label=found.label,
        expanded=found.expanded,  # a token expanded into the URL path is still a secret
    )


def build_options(**kwargs: Any) -> RecordOptions:
    """RecordOptions from the values of `record_options` (extra keys are ignored)."""
    from mcpvcr.config import load_fuzz_config

    configured = load_fuzz_config()
    scrub = tuple(kwargs.get("scrub") or ())
    for pattern in scrub:
        try:
            re.compile(pattern)
        except re.error as err:
            raise UsageError(f"--scrub {pattern!r}: not a regular expression ({err})") from None
    if kwargs.get("fuzz_readonly") and kwargs.get("fuzz_destructive"):
        raise UsageError("--fuzz-readonly and --fuzz-destructive contradict each other")
    if kwargs.get("fuzz_readonly") and not kwargs.get("fuzz"):
        raise UsageError("--fuzz-readonly needs --fuzz")
    if kwargs.get("fuzz_readonly") and kwargs.get("fuzz_writes"):
        raise UsageError("--fuzz-readonly and --fuzz-writes contradict each other")
    pins = {**configured.pinned_arguments, **_pins(kwargs.get("pin") or ())}
    return RecordOptions(
        timeout=float(kwargs.get("timeout") or DEFAULT_TIMEOUT_SECONDS),
        protocol=kwargs.get("protocol") or "auto",
        fuzz=bool(kwargs.get("fuzz")),
        seed=int(kwargs.get("seed") or 0),
        max_tools=kwargs.get("max_tools"),
        fuzz_destructive=bool(kwargs.get("fuzz_destructive")),
        fuzz_readonly=bool(kwargs.get("fuzz_readonly")),
        fuzz_writes=bool(kwargs.get("fuzz_writes")),
        sandbox={"netns": "unshare"}.get(
            kwargs.get("sandbox") or "auto", kwargs.get("sandbox") or "auto"
        ),
        quiet=bool(kwargs.get("quiet")),
        concurrency=int(kwargs.get("concurrency") or 4),
        keep_volatile=bool(kwargs.get("keep_volatile")),
        scrub_patterns=(*configured.scrub_patterns, *scrub),
        pinned_arguments=pins,
        fuzz_order=configured.order,
        elicit_defaults=bool(kwargs.get("elicit_defaults")),
    )


def _pins(items: tuple[str, ...] | list[str]) -> dict[str, dict[str, Any]]:
    pins: dict[str, dict[str, Any]] = {}
    for item in items:
        name, sep, text = item.partition("=")
        try:
            value = json.loads(text) if sep else None
        except json.JSONDecodeError as err:
            raise UsageError(f"--pin {name}: the arguments are not JSON ({err.msg})") from None
        if not name or not isinstance(value, dict):
            raise UsageError(f"--pin {item!r}: expected TOOL={{...JSON object...}}")
        pins[name] = value
    return pins
