"""`mcpvcr score FILE`: a cassette scored 0-100 with a graded, explained report."""

from __future__ import annotations

import click

from mcpvcr import store
from mcpvcr.commands._report_options import report_options
from mcpvcr.config import load_config, with_overrides


@click.command("score")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@report_options
def command(
    file: str,
    fmt: str | None,
    output: str | None,
    min_score: int | None,
    soft: bool,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
) -> None:
    """Score FILE 0-100 (grade A-F) and print the report.

    Offline: reads only the cassette. Lint configuration comes from
    [tool.mcpvcr] in pyproject.toml (or mcpvcr.toml), found upward from here.
    """
    from mcpvcr.commands._report_output import emit_report

    config = with_overrides(
        load_config(), select=select or None, ignore=ignore, min_score=min_score
    )
    cassette = store.load(file)
    emit_report(cassette, fmt=fmt, soft=soft, output=output, config=config, source=file, label=file)
