"""`mcpvcr score FILE`: a cassette scored 0-100 with a graded, explained report."""

from __future__ import annotations

import click

from mcpvcr import store
from mcpvcr.config import load_config, with_overrides


@click.command("score")
@click.argument("file", type=click.Path(dir_okay=False, path_type=str))
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["markdown", "json", "sarif", "html"]),
    default="markdown",
    show_default=True,
    help="Report format.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False),
    help="Write the report to PATH (atomically) instead of stdout.",
)
@click.option(
    "--min-score",
    type=click.IntRange(0, 100),
    default=None,
    help="Exit 1 when the overall score is below N (default: min-score of [tool.mcpvcr]).",
)
@click.option("--soft", is_flag=True, help="Scores and counts only (JSON), no details.")
@click.option("--select", multiple=True, metavar="CODES", help="Only these rule codes/prefixes.")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these rule codes/prefixes.")
def command(
    file: str,
    fmt: str,
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
    from mcpvcr.report.output import emit_report

    config = with_overrides(
        load_config(), select=select or None, ignore=ignore, min_score=min_score
    )
    cassette = store.load(file)
    emit_report(cassette, fmt=fmt, soft=soft, output=output, config=config, source=file, label=file)
