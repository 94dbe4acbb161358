"""`mcpvcr verify BASELINE TARGET`: replay the baseline's recorded calls live and compare.

The baseline's calls (the same tools, arguments, reads and prompt gets, in the
recorded order) go to the live server with the baseline's recording options
(seed, scrub patterns, ...), so the answers are scrubbed alike; then the
baseline is diffed against the fresh recording, contract and behaviour both.
Exit 0 clean, 1 a change in a --fail-on class, 2 usage, 3 when the server
cannot be recorded. `--update` writes the fresh recording over BASELINE instead
of failing (on purpose: a reviewed behaviour change).
"""

from __future__ import annotations

from typing import Any

import click

from mcpvcr import gate, store
from mcpvcr.cassette import Cassette
from mcpvcr.commands._target_options import (
    build_target,
    sandbox_option,
    split_kwargs,
    target_options,
)
from mcpvcr.commands.diff import render
from mcpvcr.diff.formats import DIFF_FORMATS
from mcpvcr.diff.gate import parse_fail_on, verdict_json
from mcpvcr.errors import CannotRun, CheckFailed, UsageError
from mcpvcr.ignore import DEFAULT_FILE
from mcpvcr.output_formats import Options
from mcpvcr.recording import DEFAULT_TIMEOUT_SECONDS, RecordOptions
from mcpvcr.terminal import printable


def verify_options(
    baseline: Cassette, timeout: float, concurrency: int, opt_in: dict[str, Any] | None = None
) -> RecordOptions:
    """The baseline's own recording options, sending its calls instead of a fuzz plan.

    What may be called (the jail, --fuzz-writes, --fuzz-destructive) comes from
    `opt_in`, verify's own command line, never from the baseline's header: a
    baseline from a pull request may hold any call at all (mcpvcr.fuzz.policy).
    """
    given = opt_in or {}
    from mcpvcr.verify.calls import baseline_calls

    header = baseline.options
    pins = header.get("pinnedArguments")
    scrub = header.get("scrubPatterns")
    protocol = header.get("protocol")
    scenarios = header.get("scenarios")
    client = _recorded_client(baseline)
    if client is not None:
        protocol = "initialize"
    return RecordOptions(
        timeout=timeout,
        client=client,
        protocol=protocol if protocol in ("auto", "initialize", "discover") else "auto",
        fuzz=bool(header.get("fuzz")),
        seed=int(header.get("seed") or 0),
        max_tools=header.get("maxTools") if isinstance(header.get("maxTools"), int) else None,
        fuzz_destructive=bool(given.get("fuzz_destructive")),
        fuzz_writes=bool(given.get("fuzz_writes")),
        sandbox=str(given.get("sandbox") or "auto"),
        elicit_defaults=bool(header.get("elicitDefaults")),
        concurrency=concurrency,
        keep_volatile=bool(header.get("keepVolatile")),
        scrub_patterns=tuple(str(p) for p in scrub) if isinstance(scrub, list) else (),
        pinned_arguments=dict(pins) if isinstance(pins, dict) else {},
        max_resources=int(header.get("maxResources") or 50),
        scenarios=tuple(s for s in scenarios if isinstance(s, dict))
        if isinstance(scenarios, list)
        else (),
        replay_calls=baseline_calls(baseline),
    )


def _recorded_client(baseline: Cassette) -> dict[str, Any] | None:
    """The client a baseline recorded through `replay` spoke as (None: mcpvcr recorded it).

    A server's contract can depend on its client (the protocol version it offered, the
    capabilities it declared), so verify speaks as that client, not as mcpvcr.
    """
    header = baseline.header
    info = header.get("clientInfo")
    if baseline.handshake != "initialize" or not isinstance(info, dict):
        return None
    if info.get("name") == "mcpvcr" or not baseline.protocol_version:
        return None
    capabilities = header.get("clientCapabilities")
    return {
        "protocolVersion": baseline.protocol_version,
        "capabilities": capabilities if isinstance(capabilities, dict) else {},
        "clientInfo": info,
        "roots": _recorded_roots(baseline),
        "replies": _recorded_replies(baseline),
    }


def _recorded_replies(baseline: Cassette) -> list[dict[str, Any]]:
    """What the baseline's client answered the server's requests during its calls
    (sampling, elicitation, ...), so verify answers the same requests the same way."""
    replies = []
    for item in baseline.interactions:
        exchange = item.get("exchange")
        for event in exchange if isinstance(exchange, list) else []:
            request = event.get("request") if isinstance(event, dict) else None
            if isinstance(request, dict) and isinstance(event.get("reply"), dict):
                replies.append(
                    {
                        "method": request.get("method"),
                        "params": request.get("params"),
                        "reply": event["reply"],
                    }
                )
    return replies


def _recorded_roots(baseline: Cassette) -> list[Any]:
    """The roots the baseline's client answered the server's first `roots/list` with."""
    diagnostics = baseline.body.get("diagnostics")
    kept = diagnostics.get("clientRoots") if isinstance(diagnostics, dict) else None
    if isinstance(kept, list):
        return kept
    for item in baseline.interactions:
        exchange = item.get("exchange")
        for event in exchange if isinstance(exchange, list) else []:
            request = event.get("request") if isinstance(event, dict) else None
            if isinstance(request, dict) and request.get("method") == "roots/list":
                reply = event.get("reply")
                result = reply.get("result") if isinstance(reply, dict) else None
                roots = result.get("roots") if isinstance(result, dict) else None
                if isinstance(roots, list):
                    return roots
    return []


def replay_live(
    baseline: Cassette, target_kwargs: dict[str, Any], options: RecordOptions
) -> Cassette:
    """Record the live server answering the baseline's calls (keeping the baseline's coverage)."""
    target = build_target(**target_kwargs)
    from mcpvcr.live import record  # only here: the offline commands never import mcp

    live = record(target, options)
    coverage = live.body.get("coverage")
    unsent = coverage.get("unsent", 0) if isinstance(coverage, dict) else 0
    skipped = coverage.get("skippedCalls") if isinstance(coverage, dict) else None
    if isinstance(skipped, list) and skipped:
        live.header["verifySkipped"] = skipped  # read back by `command`, never saved
    if isinstance(baseline.body.get("coverage"), dict) and not unsent:
        # The calls are the baseline's, so is what they cover.
        live.body["coverage"] = dict(baseline.body["coverage"])
    return live


@click.command("verify")
@click.argument("baseline", type=click.Path(dir_okay=False), metavar="BASELINE")
@target_options
@click.option(
    "--timeout",
    type=click.FloatRange(min=0.1),
    default=DEFAULT_TIMEOUT_SECONDS,
    show_default=True,
    help="Seconds for the handshake and for every request.",
)
@click.option(
    "--concurrency",
    type=click.IntRange(1, 64),
    default=4,
    show_default=True,
    help="Calls in flight at once (answers are stored in recorded order).",
)
@click.option(
    "--fail-on",
    default=None,
    help="Classes that fail (comma list of breaking,security,behaviour,additive,info; none)."
    " Default: [tool.mcpvcr.verify] fail-on, else breaking,security.",
)
@click.option("--update", is_flag=True, help="Write the fresh recording over BASELINE.")
@click.option(
    "--fuzz-writes",
    is_flag=True,
    help="Without a jail, also send calls of tools the live server does not annotate "
    "readOnlyHint (they may change data). Never taken from BASELINE.",
)
@click.option(
    "--fuzz-destructive",
    is_flag=True,
    help="Also send calls of tools annotated destructiveHint. Never taken from BASELINE.",
)
@sandbox_option()
@click.option(
    "--allow-empty",
    is_flag=True,
    help="Pass even when no replayed call could be verified (all skipped or inconclusive).",
)
@click.option(
    "--markdown",
    "markdown_path",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write a ready-to-post PR comment (Markdown) to PATH.",
)
@click.option(
    "--ignore-file",
    type=click.Path(dir_okay=False),
    default=None,
    help=f"Accepted changes (default: {DEFAULT_FILE} when present).",
)
@click.option(
    "--format", "fmt", type=click.Choice(DIFF_FORMATS.choices), default="text", show_default=True
)
def command(
    baseline: str,
    timeout: float,
    concurrency: int,
    fail_on: str | None,
    update: bool,
    markdown_path: str | None,
    ignore_file: str | None,
    fmt: str,
    fuzz_writes: bool,
    fuzz_destructive: bool,
    sandbox: str,
    allow_empty: bool,
    **kwargs: Any,
) -> None:
    """Send BASELINE's recorded calls to the live TARGET and compare every answer.

    TARGET as for `record`: a URL, --stdio "COMMAND", or --config FILE --server NAME.
    """
    from mcpvcr.verify.config import load_verify_config

    config = load_verify_config()
    classes = parse_fail_on(fail_on if fail_on is not None else config.fail_on)
    old = store.load(baseline)
    if not old.interactions:
        raise UsageError(
            f"{baseline}: holds no recorded calls to verify; record it with --fuzz"
            " (or --scenarios FILE)"
        )
    target_kwargs, _ = split_kwargs(kwargs)
    opt_in = {
        "fuzz_writes": fuzz_writes,
        "fuzz_destructive": fuzz_destructive,
        "sandbox": {"netns": "unshare"}.get(sandbox, sandbox),
    }
    live = replay_live(old, target_kwargs, verify_options(old, timeout, concurrency, opt_in))
    label = printable(str(build_target(**target_kwargs).label))
    skipped = _skipped(live)
    if skipped:
        from mcpvcr.verify.calls import without_positions

        old = without_positions(old, [entry["position"] for entry in skipped])
        _say_skipped(skipped)
    if update:
        if skipped:
            raise UsageError(
                f"{baseline}: {len(skipped)} call(s) were skipped (they may change data); "
                "--update would drop them: opt in with --fuzz-writes/--fuzz-destructive"
            )
        _update(live, baseline, label)
        return
    policy = gate.Policy(fail_on=classes, ignore_file=ignore_file, ignore_paths=config.ignore_paths)
    result = gate.run(old, live, policy, old_label=baseline, new_label=label)
    if markdown_path:
        _write_markdown(markdown_path, result.changes, result.verdict)
    options = Options(
        source=baseline, fail_on=classes, extra=verdict_json(result.verdict, classes, None)
    )
    click.echo(render(result.changes, fmt, options), nl=False)
    for entry in result.expired:
        click.echo(f"mcpvcr: ignore entry expired, no longer applied: {entry.describe()}", err=True)
    if not live.complete:
        reason = printable(str(live.header.get("incomplete") or "cut short"))
        reason += f"; {printable(live.detail)}" if live.detail else ""
        raise CannotRun(f"{label}: the replay did not finish ({reason})")
    if result.verdict.failed:
        raise CheckFailed("verify failed: " + "; ".join(result.verdict.reasons))
    verified = [i for i in live.interactions if i.get("outcome") != "inconclusive"]
    if not verified and not allow_empty:
        raise CheckFailed(
            f"verify failed: nothing was verified ({len(skipped)} call(s) skipped, "
            f"{len(live.interactions)} inconclusive); opt in with --fuzz-writes/"
            "--fuzz-destructive, or pass --allow-empty"
        )
    click.echo(f"mcpvcr: verify passed ({len(old.interactions)} calls replayed)", err=True)


def _skipped(live: Cassette) -> list[dict[str, Any]]:
    skipped = live.header.pop("verifySkipped", None)
    if not isinstance(skipped, list):
        return []
    return [e for e in skipped if isinstance(e, dict) and isinstance(e.get("position"), int)]


def _say_skipped(skipped: list[dict[str, Any]]) -> None:
    from collections import Counter

    from mcpvcr.fuzz.policy import MAY_WRITE_HINT, SKIP_DESTRUCTIVE

    counts = Counter((str(e.get("target")), str(e.get("why"))) for e in skipped)
    for (target, why), count in sorted(counts.items()):
        hint = (
            "destructive; opt in with --fuzz-destructive"
            if why == SKIP_DESTRUCTIVE
            else MAY_WRITE_HINT
        )
        click.echo(f"mcpvcr: verify: {count} call(s) of {printable(target)} {hint}", err=True)


def _update(live: Cassette, baseline: str, label: str) -> None:
    if not live.complete:
        reason = printable(str(live.header.get("incomplete") or "cut short"))
        reason += f"; {printable(live.detail)}" if live.detail else ""
        raise CannotRun(f"{label}: replay incomplete ({reason}); kept the existing {baseline}")
    size = store.save(live, baseline)
    click.echo(f"mcpvcr: baseline updated -> {baseline} ({size} bytes)", err=True)


def _write_markdown(path: str, changes: Any, verdict: Any) -> None:
    from mcpvcr.diff.render import render_markdown
    from mcpvcr.store import write_bytes_atomic

    try:
        write_bytes_atomic(render_markdown(changes, verdict).encode(), path)
    except Exception as err:  # CassetteError wording is about cassettes: say what failed
        raise CannotRun(f"{path}: cannot write the PR comment ({err})") from None
