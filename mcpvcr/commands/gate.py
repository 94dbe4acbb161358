"""`mcpvcr gate OLD NEW`: fail the pull request when a change or the score breaks the policy.

Exit 0 clean, 1 a violation (a change in a --fail-on class, a score under
--min-score, a drop over --max-score-drop), 2 usage, 3 when a side cannot be
read or recorded (so CI can retry 3 but not 1).
"""

from __future__ import annotations

import os
from typing import Any

import click

from mcpvcr import gate
from mcpvcr.commands._report_options import pin_security_option
from mcpvcr.commands._target_options import record_options, target_options
from mcpvcr.commands.diff import change_options, load_sides, render, say_ignore_entries
from mcpvcr.config import load_config
from mcpvcr.diff.formats import DIFF_FORMATS
from mcpvcr.diff.gate import DEFAULT_FAIL_ON, parse_fail_on, verdict_json
from mcpvcr.errors import CannotRun, CheckFailed
from mcpvcr.output_formats import Options
from mcpvcr.verify.config import load_verify_config


@click.command("gate")
@click.argument("old", type=click.Path(), metavar="OLD")
@target_options
@record_options
@click.option(
    "--fail-on",
    default=",".join(DEFAULT_FAIL_ON),
    show_default=True,
    help="Change classes that fail the gate (comma list of breaking,security,additive,info; none).",
)
@click.option(
    "--min-score", type=click.IntRange(0, 100), default=None, help="Fail when NEW scores below N."
)
@click.option(
    "--max-score-drop",
    type=click.IntRange(0, 100),
    default=None,
    help="Fail when NEW scores more than N points below OLD.",
)
@click.option(
    "--markdown",
    "markdown_path",
    type=click.Path(dir_okay=False, writable=True),
    default=None,
    help="Write a ready-to-post PR comment (Markdown) to PATH.",
)
@change_options
@click.option(
    "--format",
    "fmt",
    type=click.Choice(DIFF_FORMATS.choices),
    default="text",
    show_default=True,
    help="What to print on stdout.",
)
@pin_security_option
def command(
    old: str,
    fail_on: str,
    min_score: int | None,
    max_score_drop: int | None,
    markdown_path: str | None,
    cosmetic: bool,
    ignore_file: str | None,
    fmt: str,
    **kwargs: Any,
) -> None:
    """Gate cassette OLD -> NEW: exit 1 when a change or score breaks the policy.

    NEW is a cassette file or a live target, as for `mcpvcr diff`. With two
    fleet directories, every server is gated and the gate fails when any regresses.
    """
    if os.path.isdir(old):
        from mcpvcr.commands._fleet import fleet_gate

        classes = parse_fail_on(fail_on)
        return fleet_gate(old, kwargs, classes, min_score, max_score_drop, ignore_file, fmt)
    policy = gate.Policy(
        fail_on=parse_fail_on(fail_on),
        min_score=min_score,
        max_score_drop=max_score_drop,
        ignore_file=ignore_file,
        cosmetic=cosmetic,
        ignore_paths=load_verify_config().ignore_paths,
    )
    config = load_config()  # the [tool.mcpvcr] rules `mcpvcr score` applies, so scores agree
    old_cassette, new_cassette, old_label, new_label = load_sides(old, kwargs)
    result = gate.run(
        old_cassette, new_cassette, policy, config, old_label=old_label, new_label=new_label
    )
    classes, scores, verdict = policy.fail_on, result.scores, result.verdict
    for warning in result.warnings:
        click.echo(f"mcpvcr: warning: {warning}", err=True)
    if markdown_path:
        from mcpvcr.diff.render import render_markdown
        from mcpvcr.store import write_text_atomic

        text = render_markdown(result.changes, verdict)
        try:
            write_text_atomic(text, markdown_path)
        except Exception as err:  # CassetteError wording is about cassettes: say what failed
            raise CannotRun(f"{markdown_path}: cannot write the PR comment ({err})") from None
    options = Options(
        source=gate.artifact_path(old, new_label),
        fail_on=classes,
        extra=verdict_json(verdict, classes, scores),
    )
    click.echo(render(result.changes, fmt, options), nl=False)
    say_ignore_entries(result)
    for line in verdict.score_lines:
        click.echo(f"mcpvcr: {line}", err=True)
    if verdict.failed:
        raise CheckFailed("gate failed: " + "; ".join(verdict.reasons))
    click.echo("mcpvcr: gate passed", err=True)


# The shared TARGET argument is NEW here: a cassette file or a URL.
for _param in command.params:
    if _param.name == "target":
        _param.metavar = "[NEW]"
