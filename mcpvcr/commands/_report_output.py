"""The one path from a cassette to a printed (or written) score report.

`mcpvcr score FILE` and `mcpvcr audit TARGET` both end here, so the report of
an audit and the report of `score` on the cassette `record` writes are the
same bytes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from mcpvcr.errors import CheckFailed

if TYPE_CHECKING:
    from mcpvcr.cassette import Cassette
    from mcpvcr.config import LintConfig


def emit_report(
    cassette: Cassette,
    *,
    fmt: str | None,
    soft: bool,
    output: str | None,
    config: LintConfig,
    source: str | None,
    label: str,
) -> None:
    """Score, render, then print to stdout or write `output` atomically; exit 1 under min-score."""
    from mcpvcr.commands._report_options import report_format
    from mcpvcr.report import render
    from mcpvcr.score import score

    renderer = report_format(fmt, soft)
    report = score(cassette, config)
    for line in report.rules_off:
        click.echo(f"mcpvcr: warning: {line}", err=True)
    text = render(report, renderer, source=source)
    if output:
        from mcpvcr.store import write_text_atomic

        write_text_atomic(text, output)
        click.echo(f"mcpvcr: {report.overall}/100 ({report.grade}) -> {output}", err=True)
    else:
        click.echo(text, nl=False)
    if config.min_score is not None and report.overall < config.min_score:
        why = f" ({report.cap})" if report.cap else ""
        raise CheckFailed(
            f"{label}: score {report.overall} is below the minimum {config.min_score}{why}"
        )
