"""The report options `score` and `audit` share (they print the same report)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from mcpvcr.report import REPORT_FORMATS

F = TypeVar("F", bound=Callable[..., Any])


def _pin(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        import os

        from mcpvcr.config import PIN_ENV

        os.environ[PIN_ENV] = "1"  # load_config and worker processes honour it


pin_security_option = click.option(
    "--pin-security",
    is_flag=True,
    expose_value=False,
    callback=_pin,
    help="Run the security rules at their own severity whatever the repository's "
    "[tool.mcpvcr] select/ignore/severity/per-tool-ignores say (for CI on pull requests).",
)


def report_options(function: F) -> F:
    """--format, -o/--output, --min-score, --soft, --select, --ignore, --pin-security."""
    decorators = [
        pin_security_option,
        click.option(
            "--format",
            "fmt",
            type=click.Choice(REPORT_FORMATS.choices),
            default=None,
            help="Report format [default: markdown; json with --soft].",
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
        click.option(
            "--soft",
            is_flag=True,
            help="Scores and counts only, no details (JSON; refused with other formats).",
        ),
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


def report_format(fmt: str | None, soft: bool) -> str:
    """The renderer to use: `soft` is a JSON view, so --soft with another format is refused."""
    from mcpvcr.errors import UsageError

    if soft:
        if fmt not in (None, "json"):
            raise UsageError(f"--soft is a JSON view; it cannot be rendered as --format {fmt}")
        return "soft"
    return fmt or "markdown"
