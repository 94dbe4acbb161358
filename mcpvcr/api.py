"""The library API: record, load, save, lint, score, render, diff, gate and audit.

    import mcpvcr
    report = mcpvcr.audit_stdio("python", args=["-m", "examples.demo_target"], fuzz=True)
    print(report.overall, report.grade)
    print(mcpvcr.render_report(report))

    cassette = mcpvcr.load("cassettes/everything.mcpvcr")
    changes = mcpvcr.diff(cassette, mcpvcr.load("new.mcpvcr"))

The same functions the CLI calls. Live work (`record`, `audit_*`) has async
variants; everything else is offline and never imports `mcp`. Errors are
`mcpvcr.errors.McpVcrError` subclasses carrying the CLI's exit code.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from mcpvcr.cassette import Cassette
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import Target, stdio_target, url_target

if TYPE_CHECKING:
    from mcpvcr.config import LintConfig
    from mcpvcr.diff.model import Changes
    from mcpvcr.gate import GateResult, Policy
    from mcpvcr.lint.registry import Finding
    from mcpvcr.scoring.model import Report


def _options(options: RecordOptions | None, overrides: Mapping[str, Any]) -> RecordOptions:
    base = options or RecordOptions()
    return replace(base, **{k: v for k, v in overrides.items() if v is not None})


def record(target: Target, options: RecordOptions | None = None, **overrides: Any) -> Cassette:
    """Record a live target into a Cassette (keyword overrides: fuzz=True, seed=7, ...)."""
    from mcpvcr.live import record as live_record

    return live_record(target, _options(options, overrides))


async def record_async(
    target: Target, options: RecordOptions | None = None, **overrides: Any
) -> Cassette:
    """`record`, for callers already inside an event loop."""
    from mcpvcr.live import record_async as live_record_async

    return await live_record_async(target, _options(options, overrides))


def load(path: str | os.PathLike[str]) -> Cassette:
    """Read a cassette file (CassetteError, exit code 3, when it cannot be read)."""
    from mcpvcr import store

    return store.load(path)


def save(cassette: Cassette, path: str | os.PathLike[str]) -> int:
    """Write a cassette atomically; return its size in bytes."""
    from mcpvcr import store

    return store.save(cassette, path)


def lint(cassette: Cassette, config: LintConfig | None = None) -> list[Finding]:
    """The findings of every selected lint rule, in a stable order."""
    from mcpvcr.lint import lint as run_lint

    return run_lint(cassette, config)


def score(cassette: Cassette, config: LintConfig | None = None) -> Report:
    """Score a cassette 0-100 with a grade, dimensions and findings."""
    from mcpvcr.score import score as run_score

    return run_score(cassette, config)


def render(report: Report, fmt: str = "markdown", *, source: str | None = None) -> str:
    """Render a report: markdown, json, sarif, html or soft."""
    from mcpvcr.report import render as run_render

    return run_render(report, fmt, source=source)


def render_report(report: Report) -> str:
    """The Markdown report (MCProbe's `renderReport`)."""
    return render(report, "markdown")


def soften_report(report: Report) -> dict[str, Any]:
    """Scores and counts only, no details (MCProbe's `softenReport`)."""
    from mcpvcr.score import soften_report as soften

    return soften(report)


def diff(old: Cassette, new: Cassette) -> Changes:
    """Every classified contract change from `old` to `new`."""
    from mcpvcr.diff import diff as run_diff

    return run_diff(old, new)


def gate(
    old: Cassette,
    new: Cassette,
    policy: Policy | None = None,
    config: LintConfig | None = None,
) -> GateResult:
    """Gate `old` -> `new` exactly as `mcpvcr gate` (scores under `config`, as `score`)."""
    from mcpvcr import gate as gating

    return gating.run(old, new, policy or gating.Policy(), config)


def audit(
    target: Target,
    options: RecordOptions | None = None,
    *,
    config: LintConfig | None = None,
    **overrides: Any,
) -> Report:
    """Record `target` and score it under `config`: exactly `mcpvcr audit`."""
    return score(record(target, options, **overrides), config)


async def audit_async(
    target: Target,
    options: RecordOptions | None = None,
    *,
    config: LintConfig | None = None,
    **overrides: Any,
) -> Report:
    return score(await record_async(target, options, **overrides), config)


def audit_url(
    url: str,
    *,
    fuzz: bool = False,
    headers: Mapping[str, str] | None = None,
    transport: str = "http",
    **overrides: Any,
) -> Report:
    """Audit a streamable HTTP (or `transport="sse"`) server."""
    target = url_target(url, transport=_transport(transport), headers=headers)
    return audit(target, fuzz=fuzz, **overrides)


async def audit_url_async(
    url: str,
    *,
    fuzz: bool = False,
    headers: Mapping[str, str] | None = None,
    transport: str = "http",
    **overrides: Any,
) -> Report:
    target = url_target(url, transport=_transport(transport), headers=headers)
    return await audit_async(target, fuzz=fuzz, **overrides)


def audit_stdio(
    command: str,
    *,
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    fuzz: bool = False,
    **overrides: Any,
) -> Report:
    """Audit a stdio server started as `command args...`."""
    target = stdio_target([command, *args], env=env, cwd=cwd)
    return audit(target, fuzz=fuzz, **overrides)


async def audit_stdio_async(
    command: str,
    *,
    args: Sequence[str] = (),
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    fuzz: bool = False,
    **overrides: Any,
) -> Report:
    target = stdio_target([command, *args], env=env, cwd=cwd)
    return await audit_async(target, fuzz=fuzz, **overrides)


def _transport(name: str) -> Any:
    from mcpvcr.errors import UsageError

    if name not in ("http", "sse"):
        raise UsageError(f"transport {name!r}: a URL uses 'http' or 'sse'")
    return name
