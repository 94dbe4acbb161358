"""The report options `score` and `audit` share (they print the same report)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])


def report_options(function: F) -> F:
    """--format, -o/--output, --min-score, --soft, --select, --ignore."""
    decorators = [
        click.option(
            "--format",
            "fmt",
            type=click.Choice(["markdown", "json", "sarif", "html"]),
            default="markdown",
            show_default=True,
            help="Report format.",
        ),
        click.option(
            "-o",
            "--output",
            type=click.Path(dir_okay=False),
            help="Write the report to PATH (atomically) instead of stdout.",
        ),
        click.option(
            "--min-score",
            type=click.IntRange(0, 100),
            default=None,
            help="Exit 1 when the overall score is below N (default: min-score of [tool.mcpvcr]).",
        ),
        click.option("--soft", is_flag=True, help="Scores and counts only (JSON), no details."),
        click.option(
            "--select", multiple=True, metavar="CODES", help="Only these rule codes/prefixes."
        ),
        click.option(
            "--ignore", multiple=True, metavar="CODES", help="Skip these rule codes/prefixes."
        ),
    ]
    for decorator in reversed(decorators):
        function = decorator(function)
    return function
