"""`mcpvcr score FILE`: a cassette scored 0-100 with a graded, explained report."""

from __future__ import annotations

import os

import click

from mcpvcr import store
from mcpvcr.commands._report_options import report_options
from mcpvcr.config import load_config, with_overrides
from mcpvcr.errors import UsageError


@click.command("score")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=str), metavar="FILE")
@report_options
@click.option(
    "--explain",
    is_flag=True,
    help="Also print each recorded call's verdict and the heuristic or oracle that decided it.",
)
def command(
    files: tuple[str, ...],
    fmt: str | None,
    output: str | None,
    min_score: int | None,
    soft: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    explain: bool,
) -> None:
    """Score FILE 0-100 (grade A-F) and print the report.

    Offline: reads only the cassette. Lint configuration comes from
    [tool.mcpvcr] in pyproject.toml (or mcpvcr.toml), found upward from here.

    Given fleet directories (`record -o DIR/` outputs, shards merged), prints
    the leaderboard instead: markdown, json or html.
    """
    from mcpvcr.commands._report_output import emit_report

    config = with_overrides(
        load_config(), select=select or None, ignore=ignore, min_score=min_score
    )
    if any(os.path.isdir(name) for name in files):
        from mcpvcr.commands._fleet import leaderboard

        return leaderboard(files, fmt=fmt or "markdown", output=output, soft=soft, config=config)
    if len(files) > 1:
        raise UsageError("score takes one cassette FILE, or fleet directories for a leaderboard")
    file = files[0]
    cassette = store.load(file)
    if explain:
        from mcpvcr.report.explain import explain as explanation
        from mcpvcr.score import score

        # After the report on stdout for a reader; on stderr when stdout is a machine format.
        machine = output is not None or (fmt or "markdown") not in ("markdown", "text")
        text = explanation(score(cassette, config))
    emit_report(cassette, fmt=fmt, soft=soft, output=output, config=config, source=file, label=file)
    if explain:
        click.echo(text, nl=False, err=machine)
