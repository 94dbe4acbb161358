"""Record one target into a Cassette: connect, handshake, lists, optional fuzz pass.

Everything a recording does is bounded: the handshake and every request by
`options.timeout`, the whole run by `run_limit(options)`. Server-side problems
are recorded; only "could not run at all" (cannot start or connect, handshake
failed, run limit hit) raises `CannotRun` with one line naming the target.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sys
from collections.abc import AsyncIterator
from typing import Any

from mcpvcr import codec
from mcpvcr.cassette import Cassette
from mcpvcr.errors import CannotRun, UsageError
from mcpvcr.live import elicit
from mcpvcr.live.handshake import (
    CLIENT_CAPABILITIES,
    CLIENT_INFO,
    Handshake,
    HandshakeFailed,
    Reconnect,
    negotiate,
)
from mcpvcr.live.lists import kinds_to_record, record_list
from mcpvcr.live.wire import Channel, RawClient
from mcpvcr.recording import FUZZ_LIMIT_SECONDS, RecordOptions
from mcpvcr.redaction import redact
from mcpvcr.targets import Target
from mcpvcr.terminal import printable


def run_limit(options: RecordOptions) -> float:
    """The bound on a whole recording without the fuzz pass, seconds."""
    return options.timeout * 8 + 30.0


def capabilities(options: RecordOptions) -> dict[str, Any]:
    """What the recorder declares: always the same for the same options."""
    if options.client is not None:
        return dict(options.client.get("capabilities") or {})
    return elicit.client_capabilities(CLIENT_CAPABILITIES, options.elicit_defaults)


def client_info(options: RecordOptions) -> dict[str, Any]:
    """Who the recorder says it is: mcpvcr, or the client a baseline was recorded for."""
    if options.client is not None:
        return dict(options.client.get("clientInfo") or CLIENT_INFO)
    return CLIENT_INFO


def quiet_sdk_logging() -> None:
    """The SDK logs junk lines and transport hiccups with tracebacks; mcpvcr reports them."""
    for name in ("mcp", "httpx2", "httpcore2", "sse_starlette"):
        logger = logging.getLogger(name)
        logger.addHandler(logging.NullHandler())
        logger.propagate = False


async def record_async(target: Target, options: RecordOptions) -> Cassette:
    """Record `target`; raises CannotRun (one line naming target.label) when it cannot."""
    quiet_sdk_logging()
    if target.transport != "stdio":
        from mcpvcr.live.oauth import authorize_first

        await authorize_first(target, options.timeout)
    try:
        cassette = await _attempt(target, options, options.protocol, [])
    except Reconnect as again:
        # The probe killed the connection: one more, with `initialize` only
        # (which never raises Reconnect, so there is no third attempt).
        cassette = await _attempt(target, options, "initialize", again.negotiation)
    return _finish(cassette, target, options)


async def _attempt(
    target: Target, options: RecordOptions, protocol: str, negotiation: list[dict[str, Any]]
) -> Cassette:
    details: list[str] = []  # why the connection ended, for the person only
    try:
        cassette = await _record_once(target, options, protocol, negotiation, details)
    except _Salvaged as salvaged:
        cassette = salvaged.cassette
    if cassette.header.get("complete") is False and any(details):
        # The cassette says only how the server ended (stable); its stderr tail
        # (PIDs, times, paths) explains why, so it goes to our stderr instead.
        # One line for one event: the command that reports the incomplete recording says it.
        cassette.detail = printable(
            redact("; ".join(d for d in details if d), target.secret_values())
        )
    return cassette


async def _record_once(
    target: Target,
    options: RecordOptions,
    protocol: str,
    negotiation: list[dict[str, Any]],
    details: list[str],
) -> Cassette:
    limit = run_limit(options)
    partial: list[Cassette] = []  # the cassette so far, once the handshake succeeded
    try:
        async with asyncio.timeout(limit):
            async with open_channel(target, options) as channel:
                client = RawClient(
                    channel,
                    client_info=client_info(options),
                    client_capabilities=capabilities(options),
                    elicit_defaults=options.elicit_defaults,
                )
                if options.client is not None:
                    client.roots = list(options.client.get("roots") or [])
                    client.replies = list(options.client.get("replies") or [])
                client.start()
                try:
                    await _record_on(client, target, options, protocol, negotiation, partial)
                except HandshakeFailed as err:
                    text = _with_http_status(str(err), channel)
                    raise HandshakeFailed(await _with_detail(text, client, hung=True)) from None
                finally:
                    details.append(await _with_detail("", client))
                    await client.stop()
    except BaseExceptionGroup as group:
        # anyio task groups in the SDK transports wrap whatever the body raised.
        leaf = _meaningful_leaf(group)
        raise _salvage_or_translate(leaf, partial, target, limit) from None
    except Exception as err:
        raise _salvage_or_translate(err, partial, target, limit) from None
    return partial[0]


class _Salvaged(Exception):
    """Carries a partial cassette out of an `except` clause (see _salvage_or_translate)."""

    def __init__(self, cassette: Cassette) -> None:
        super().__init__("salvaged")
        self.cassette = cassette


def _salvage_or_translate(
    err: BaseException, partial: list[Cassette], target: Target, limit: float
) -> BaseException:
    """Keep what was recorded when the connection failed after the handshake."""
    task = asyncio.current_task()
    cancelled_by_user = task is not None and task.cancelling() > 0
    ours = isinstance(err, CannotRun | UsageError | Reconnect | HandshakeFailed)
    if partial and isinstance(err, Exception) and not ours and not cancelled_by_user:
        if isinstance(err, TimeoutError):
            reason = f"the recording did not finish within {limit:g} s"
        else:
            reason = f"the connection failed: {_describe(err)}"
        _mark_incomplete(partial[0], reason)
        return _Salvaged(partial[0])
    return _translate(err, target, limit)


def _with_http_status(text: str, channel: Channel) -> str:
    """Add the HTTP statuses the transport folded into JSON-RPC errors (401, 500, ...)."""
    status_text = getattr(channel, "status_text", None)
    status = status_text() if callable(status_text) else ""
    return f"{text} ({status})" if status else text


async def _with_detail(text: str, client: RawClient, *, hung: bool = False) -> str:
    """Add what explains a dead connection (a stdio server's stderr tail) to a message.

    `hung`: the handshake failed with the server still running (it never answered); its
    stderr usually says why (it waits for a database, a login, a missing variable).
    """
    if client.closed is None:
        detail = getattr(client.channel, "detail", None)
        extra = detail() if hung and callable(detail) else ""
        return "; ".join(part for part in (text, extra) if part)
    settle = getattr(client.channel, "settle", None)
    if callable(settle):
        await settle()  # a send may find the pipe broken before the last stderr arrived
    detail = client.closed_detail()
    return "; ".join(part for part in (text, detail) if part)


def _translate(err: BaseException, target: Target, limit: float) -> BaseException:
    """Map whatever ended a recording onto the error the user sees."""
    if isinstance(err, CannotRun | UsageError | Reconnect):
        return err
    if isinstance(err, HandshakeFailed):
        return CannotRun(f"{target.label}: {err}")
    if isinstance(err, TimeoutError):
        return CannotRun(f"{target.label}: the recording did not finish within {limit:g} s")
    if isinstance(err, OSError) and err.strerror:
        return CannotRun(f"{target.label}: {err.strerror}")
    if isinstance(err, Exception):  # transport libraries raise their own types (httpx2, anyio)
        return CannotRun(f"{target.label}: {_describe(err)}")
    return err  # KeyboardInterrupt, CancelledError: not ours to turn into an error line


async def _record_on(
    client: RawClient,
    target: Target,
    options: RecordOptions,
    protocol: str,
    negotiation: list[dict[str, Any]],
    partial: list[Cassette],
) -> None:
    version = options.client.get("protocolVersion") if options.client is not None else None
    handshake = await negotiate(client, protocol, options.timeout, negotiation, version=version)
    cassette = _new_cassette(target, options, handshake)
    partial.append(cassette)
    statuses_before = len(getattr(client.channel, "statuses", []))
    notes: dict[str, Any] = {}
    for kind in kinds_to_record(handshake.server.get("capabilities")):
        cassette.set_section(kind, await record_list(client, kind, options.timeout, notes))
        cassette.set_section("diagnostics", _diagnostics(client, notes, statuses_before))
    if client.closed is not None:
        _mark_incomplete(cassette, f"the server died while listing: {client.closed}")
    elif options.fuzz or options.scenarios or options.replay_calls:
        _warn_about_pins(cassette, options)
        async with _progress(client, target, options, len(cassette.tools)):
            await _exercise(
                client, cassette, options, target.secret_values(), _machine_rules(target)
            )
    cassette.set_section("diagnostics", _diagnostics(client, notes, statuses_before))


def _warn_about_pins(cassette: Cassette, options: RecordOptions) -> None:
    from mcpvcr.fuzz.pins import pin_warnings

    for line in pin_warnings(cassette.tools, options.pinned_arguments):
        print(f"mcpvcr: warning: {printable(line)}", file=sys.stderr, flush=True)


@contextlib.asynccontextmanager
async def _progress(
    client: RawClient, target: Target, options: RecordOptions, total_tools: int
) -> AsyncIterator[None]:
    """Show the fuzz pass's progress on stderr (unless --quiet), also while a call hangs."""
    if options.quiet:
        yield
        return
    from mcpvcr.progress import Progress

    verb = "verifying" if options.replay_calls else "fuzzing" if options.fuzz else "calling"
    progress = Progress(sys.stderr, label=target.label, total_tools=total_tools, verb=verb)
    client.on_answer = progress.answered

    async def ticker() -> None:
        while True:
            await asyncio.sleep(min(1.0, progress.interval))
            progress.tick()

    task = asyncio.get_running_loop().create_task(ticker())
    try:
        yield
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        client.on_answer = None
        progress.finish()


def _diagnostics(client: RawClient, notes: dict[str, Any], statuses_from: int) -> dict[str, Any]:
    diagnostics = client.diagnostics()
    diagnostics.update(notes)
    # HTTP error statuses after the handshake (the transport folds them into
    # JSON-RPC errors and loses them); the probe's rejection by a legacy
    # server is not a finding.
    statuses = getattr(client.channel, "statuses", [])[statuses_from:]
    if statuses:
        diagnostics["httpErrors"] = sorted(set(statuses))
    return _stable_diagnostics(diagnostics)


def _stable_diagnostics(diagnostics: dict[str, Any]) -> dict[str, Any]:
    """Keep only what a deterministic server repeats exactly.

    Notification counts depend on timing (a server logging on a timer), so
    they are reduced to a flood flag; the rest are counts of things the server
    did to every recording alike.
    """
    notifications = diagnostics.pop("notifications", {})
    total = sum(notifications.values()) if isinstance(notifications, dict) else 0
    if total >= 1000:
        diagnostics["notificationFlood"] = True
    return diagnostics


async def _exercise(
    client: RawClient,
    cassette: Cassette,
    options: RecordOptions,
    secrets: list[str],
    placeholders: list[Any],
) -> None:
    from mcpvcr.live.exercise import exercise  # the fuzz planner is only needed with --fuzz

    try:
        async with asyncio.timeout(FUZZ_LIMIT_SECONDS):
            result = await exercise(
                client, cassette, options, secrets=secrets, placeholders=placeholders
            )
    except TimeoutError:
        _mark_incomplete(cassette, f"the fuzz pass did not finish within {FUZZ_LIMIT_SECONDS:g} s")
        return
    except Exception as err:  # a bug or a hostile schema in the fuzz pass: keep the contract
        # The pass runs its calls in a TaskGroup: name the error, not "ExceptionGroup".
        leaf = _meaningful_leaf(err) if isinstance(err, BaseExceptionGroup) else err
        _mark_incomplete(cassette, f"the fuzz pass failed: {_describe(leaf)}")
        return
    cassette.set_section("interactions", list(result.interactions))
    cassette.set_section("coverage", dict(result.coverage))
    if result.died:
        _mark_incomplete(cassette, f"the server died during the fuzz pass: {result.died}")


def _new_cassette(target: Target, options: RecordOptions, handshake: Handshake) -> Cassette:
    cassette = Cassette.new(
        transport=target.transport,
        handshake=handshake.method,
        protocol_version=handshake.protocol_version,
        client_info=client_info(options),
        client_capabilities=capabilities(options),
        options=options.header_options(),
        env_names=sorted(target.env),
        header_names=sorted(target.headers),
        server=handshake.server,
    )
    cassette.set_section("negotiation", handshake.negotiation)
    from mcpvcr.live.environment import environment_facts

    cassette.set_header("environment", environment_facts(target))
    return cassette


def _machine_rules(target: Target) -> list[Any]:
    """mcpvcr.machine's placeholder rules for a stdio child (an HTTP server runs elsewhere)."""
    if target.transport != "stdio":
        return []
    from mcpvcr.live.stdio import machine_placeholders

    return machine_placeholders(target)


def _mark_incomplete(cassette: Cassette, reason: str) -> None:
    cassette.mark_incomplete(reason)


def _finish(cassette: Cassette, target: Target, options: RecordOptions) -> Cassette:
    """Redact secrets, then put the cassette in canonical form.

    Canonical form (keys sorted, lists sorted by identity) is what the file
    holds, so the cassette `record` returns scores, lints and diffs exactly
    like the one `store.load` reads back: `audit` equals `record` + `score`.
    """
    placeholders = _machine_rules(target)
    secrets = target.secret_values()
    body = redact(cassette.body, secrets, options.scrub_patterns, placeholders)
    header = redact(cassette.header, secrets, (), placeholders)
    canonical = Cassette(header=codec.canonicalize(header), body=codec.canonical_body(body))
    canonical.detail = cassette.detail
    return canonical


@contextlib.asynccontextmanager
async def open_channel(target: Target, options: RecordOptions) -> AsyncIterator[Channel]:
    """The one way `live/` opens a transport to a target: stdio, or streamable HTTP / SSE.
    `record` and the record-through replay (replay/episodes.py) both come through here."""
    if target.transport == "stdio":
        from mcpvcr.live.stdio import open_stdio

        async with open_stdio(target) as channel:
            yield channel
    else:
        from mcpvcr.live.http import open_http

        async with open_http(target, options) as http_channel:
            yield http_channel


_PRIORITY = (Reconnect, UsageError, CannotRun, HandshakeFailed, TimeoutError)


def _meaningful_leaf(group: BaseExceptionGroup[Any]) -> BaseException:
    """The leaf that explains a (nested) exception group best."""
    leaves = _leaves(group)
    for kind in _PRIORITY:
        for leaf in leaves:
            if isinstance(leaf, kind):
                return leaf
    for leaf in leaves:
        if not isinstance(leaf, asyncio.CancelledError):
            return leaf
    return leaves[0] if leaves else group


def _leaves(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        return [leaf for inner in error.exceptions for leaf in _leaves(inner)]
    return [error]


def _describe(error: BaseException) -> str:
    name = type(error).__name__
    text = " ".join(str(error).split())
    if "ConnectError" in name or "ConnectTimeout" in name:
        return f"cannot connect ({text or name})"
    if "HTTPStatusError" in name:
        return f"the server refused the connection ({text.split(' for url')[0]})"
    return f"{name}: {text}" if text else name
