"""`mcpvcr rules [CODE]`: every lint rule, or one rule's page (what, why, examples, fix)."""

from __future__ import annotations

import difflib

import click

from mcpvcr.errors import UsageError


@click.command("rules")
@click.argument("code", required=False)
def command(code: str | None) -> None:
    """List every lint rule (code, severity, family, summary), or print CODE's page.

    CODE may also be a family or prefix (`mcpvcr rules security`) to list only those.
    The pages are also in docs/rules/<code>.md.
    """
    from mcpvcr.config import matches
    from mcpvcr.lint.pages import every_rule, render_page, render_table

    rules = every_rule()
    if code is None:
        click.echo(render_table(rules), nl=False)
        return
    exact = [r for r in rules if r.code == code]
    if exact:
        click.echo(render_page(exact[0], link_index=False), nl=False)
        return
    chosen = [r for r in rules if matches(r.code, code)]
    if chosen:
        click.echo(render_table(chosen), nl=False)
        return
    names = sorted({r.code for r in rules} | {r.code.split(".")[0] for r in rules})
    close = difflib.get_close_matches(code, names, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else " (see `mcpvcr rules`)"
    raise UsageError(f"rules: no rule or family '{code}'{hint}")
