"""`mcpvcr lint FILE`: the findings of a cassette; exit 1 at or above --fail-on."""

from __future__ import annotations

import click

from mcpvcr.commands._report_options import pin_security_option
from mcpvcr.config import load_config, with_overrides
from mcpvcr.errors import CheckFailed, UsageError
from mcpvcr.report import LINT_FORMATS


@click.command("lint")
@click.argument("file", required=False, type=click.Path(dir_okay=False, path_type=str))
@click.option("--select", multiple=True, metavar="CODES", help="Only these codes or prefixes.")
@click.option("--ignore", multiple=True, metavar="CODES", help="Skip these codes or prefixes.")
@click.option(
    "--fail-on",
    type=click.Choice(["error", "warning", "info", "never"]),
    default=None,
    help="Exit 1 when a finding is at or above this severity (default: error).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(LINT_FORMATS.choices),
    default="text",
    show_default=True,
)
@click.option("--list-rules", is_flag=True, help="List every rule and exit.")
@click.option(
    "--config",
    "launch_config",
    type=click.Path(dir_okay=False, path_type=str),
    default=None,
    help="Lint a launch config (.mcp.json) instead of a cassette; no server is started.",
)
@click.option("--server", default=None, metavar="NAME", help="With --config: only this server.")
@pin_security_option
def command(
    file: str | None,
    select: tuple[str, ...],
    ignore: tuple[str, ...],
    fail_on: str | None,
    fmt: str,
    list_rules: bool,
    launch_config: str | None,
    server: str | None,
) -> None:
    """Lint FILE: MCProbe's rules, mcp-probe's checks, contract, security and behaviour rules.

    Codes select by prefix like ruff: --select security --ignore pub.
    """
    if list_rules:
        click.echo(_rules_table(), nl=False)
        return
    if launch_config is not None:
        if file is not None:
            raise UsageError("lint: give either FILE (a cassette) or --config, not both")
        _lint_config(launch_config, server, fmt, fail_on)
        return
    if server is not None:
        raise UsageError("lint: --server needs --config")
    if file is None:
        raise UsageError("lint: missing FILE (a cassette), or use --config or --list-rules")
    from mcpvcr import store
    from mcpvcr.lint import at_or_above, lint
    from mcpvcr.report import render_findings

    config = with_overrides(
        load_config(),
        select=select or None,
        ignore=ignore,
        fail_on=None if fail_on == "never" else fail_on,
    )
    findings = lint(store.load(file), config)
    click.echo(render_findings(findings, fmt, source=file), nl=False)
    threshold = config.fail_on
    failing = [] if fail_on == "never" else at_or_above(findings, threshold)
    if failing:
        raise CheckFailed(f"{file}: {len(failing)} finding(s) at or above {threshold}")


def _lint_config(path: str, server: str | None, fmt: str, fail_on: str | None) -> None:
    """Lint a launch config: unpinned packages, plain http, inline secrets, broad roots."""
    from mcpvcr.lint import at_or_above
    from mcpvcr.lint.launch_config import RULES, lint_config
    from mcpvcr.report import render_findings

    findings = lint_config(path, server)
    if fmt == "sarif":
        from mcpvcr.report.sarif import render_sarif

        click.echo(render_sarif(findings, RULES, source=path, category="lint-config"), nl=False)
    else:
        click.echo(render_findings(findings, fmt, source=path), nl=False)
    threshold = fail_on or "error"
    failing = [] if fail_on == "never" else at_or_above(findings, threshold)
    if failing:
        raise CheckFailed(f"{path}: {len(failing)} finding(s) at or above {threshold}")


def _rules_table() -> str:
    from mcpvcr.lint import all_rules

    rules = all_rules()
    width = max(len(r.code) for r in rules)
    lines = [
        f"{r.code:<{width}}  {r.severity:<7}  {'scored' if r.scored else '      '}  "
        f"{'       ' if r.default else 'opt-in '}  {r.summary}"
        for r in rules
    ]
    return "\n".join(lines) + "\n"
