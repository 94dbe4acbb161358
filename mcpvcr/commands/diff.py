"""`mcpvcr diff OLD NEW`: classify the contract changes between two cassettes.

NEW is a second cassette, or a live server recorded in memory (a URL TARGET,
`--stdio "COMMAND"` or `--config FILE --server NAME`). Exit 0 whenever the
diff ran (with `--exit-code`, 1 when there are changes), 2 usage, 3 when a
side cannot be read or recorded.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeVar

import click

from mcpvcr import store
from mcpvcr.cassette import Cassette
from mcpvcr.commands._target_options import (
    build_options,
    build_target,
    record_options,
    split_kwargs,
    target_options,
)
from mcpvcr.diff import Changes, diff
from mcpvcr.diff.formats import DIFF_FORMATS
from mcpvcr.errors import CheckFailed, UsageError
from mcpvcr.gate import artifact_path
from mcpvcr.ignore import DEFAULT_FILE, IgnoreResult, apply_ignore_file
from mcpvcr.output_formats import Options
from mcpvcr.terminal import use_color

if TYPE_CHECKING:
    from mcpvcr.gate import GateResult

F = TypeVar("F", bound=Callable[..., Any])


def load_sides(old: str, kwargs: dict[str, Any]) -> tuple[Cassette, Cassette, str, str]:
    """Both cassettes and their labels; NEW is a file unless a live target is given."""
    target_kwargs, option_kwargs = split_kwargs(kwargs)
    old_cassette = store.load(old)
    second = target_kwargs.get("target")
    live = target_kwargs.get("stdio") or target_kwargs.get("config")
    if second and not live and not re.match(r"^https?://", second):
        _reject_live_options(target_kwargs, option_kwargs, second)
        return old_cassette, store.load(second), old, second
    if not second and not live:
        raise UsageError(
            f"{old}: nothing to compare with: give a NEW cassette, a URL, --stdio COMMAND"
            " or --config FILE --server NAME"
        )
    target = build_target(**target_kwargs)
    options = build_options(**option_kwargs)
    from mcpvcr.live import record  # only here: the offline path never imports mcp

    return old_cassette, record(target, options), old, target.label


def _reject_live_options(target: dict[str, Any], options: dict[str, Any], new: str) -> None:
    given = [
        key for key in ("header", "bearer", "env", "cwd", "transport", "server") if target.get(key)
    ]
    if given:
        raise UsageError(f"{new}: --{given[0]} applies to a live target, not a cassette file")
    if options.get("fuzz"):
        raise UsageError(f"{new}: --fuzz applies to a live target, not a cassette file")


def change_options(function: F) -> F:
    """--cosmetic and --ignore-file, shared by `diff` and `gate`."""
    function = click.option(
        "--ignore-file",
        type=click.Path(dir_okay=False),
        default=None,
        help=f"Accepted changes (default: {DEFAULT_FILE} when present).",
    )(function)
    return click.option(
        "--cosmetic",
        is_flag=True,
        help="Also show cosmetic changes (restated default hints, generated schema titles).",
    )(function)


def say_ignore_entries(result: IgnoreResult | GateResult) -> None:
    """Tell on stderr what the accept-list did: pattern entries with their counts, expired and
    unused entries (an ignore file may come with the pull request it judges)."""
    lines = result.loud_lines() if isinstance(result, IgnoreResult) else result.ignore_lines
    for line in lines:
        click.echo(f"mcpvcr: {line}", err=True)


def render(changes: Changes, fmt: str, options: Options) -> str:
    """The diff in one of DIFF_FORMATS; text is coloured when stdout is a colour terminal."""
    if fmt == "text":
        options = replace(options, color=use_color(sys.stdout))
    return DIFF_FORMATS.render(changes, fmt, options)


@click.command("diff")
@click.argument("old", type=click.Path(dir_okay=False), metavar="OLD")
@target_options
@record_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(DIFF_FORMATS.choices),
    default="text",
    show_default=True,
    help="Output format.",
)
@click.option("--exit-code", is_flag=True, help="Exit 1 when there are changes (like git diff).")
@change_options
def command(
    old: str,
    fmt: str,
    exit_code: bool,
    cosmetic: bool,
    ignore_file: str | None,
    **kwargs: Any,
) -> None:
    """Classify every contract change from cassette OLD to NEW.

    NEW is the second argument: a cassette file, or a URL recorded live in
    memory; --stdio "COMMAND" or --config FILE --server NAME also record live.
    Each change is breaking, security, additive or info, with a catalogue rule
    id, a JSON-pointer location and who breaks and why.
    """
    old_cassette, new_cassette, old_label, new_label = load_sides(old, kwargs)
    changes = diff(
        old_cassette, new_cassette, old_label=old_label, new_label=new_label, cosmetic=cosmetic
    )
    result = apply_ignore_file(changes, ignore_file)
    click.echo(
        render(result.changes, fmt, Options(source=artifact_path(old, new_label))),
        nl=False,
    )
    say_ignore_entries(result)
    if exit_code and not result.changes.identical:
        raise CheckFailed(
            f"{len(result.changes.changes)} contract change(s) ({old_label} -> {new_label})"
        )


# The shared TARGET argument is NEW here: a cassette file or a URL.
for _param in command.params:
    if _param.name == "target":
        _param.metavar = "[NEW]"
