"""`mcpvcr git install`: make `git diff` show cassettes as readable JSON.

Git never runs drivers that a repository defines, so `.gitattributes` (which
is committed) can only name the `mcpvcr` diff driver; this command writes the
driver's definition into the git config, as `git lfs install` does.

The driver runs this interpreter by its absolute path (`/abs/python -m mcpvcr
show --textconv`): git runs it from whatever shell `git diff` is typed in, where
a virtual environment's `mcpvcr` is often not on PATH, and a failing textconv
breaks every `git diff` that touches a cassette.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import click

from mcpvcr.errors import CannotRun

ATTRIBUTES_LINE = "*.mcpvcr binary diff=mcpvcr"


def driver_settings() -> tuple[tuple[str, str], ...]:
    """The git config of the diff driver; git hands the textconv command to a shell."""
    textconv = f"{shlex.quote(sys.executable)} -m mcpvcr show --textconv"
    return (
        ("diff.mcpvcr.textconv", textconv),
        ("diff.mcpvcr.cachetextconv", "true"),
        ("diff.mcpvcr.binary", "true"),
    )


@click.group("git")
def command() -> None:
    """Set up git to show cassette diffs as JSON."""


@command.command("install")
@click.option("--global", "scope_global", is_flag=True, help="Write ~/.gitconfig, not the repo's.")
@click.option("--no-attributes", is_flag=True, help="Do not add the line to ./.gitattributes.")
def install(scope_global: bool, no_attributes: bool) -> None:
    """Configure the `mcpvcr` diff driver and mark *.mcpvcr files in .gitattributes."""
    git = shutil.which("git")
    if git is None:
        raise CannotRun("git: not found on PATH")
    scope = "--global" if scope_global else "--local"
    for key, value in driver_settings():
        done = subprocess.run([git, "config", scope, key, value], capture_output=True, text=True)
        if done.returncode != 0:
            raise CannotRun(f"git config {scope} {key}: {done.stderr.strip() or 'failed'}")
    click.echo(f"configured the mcpvcr diff driver ({scope[2:]} git config)", err=True)
    if not no_attributes:
        _ensure_attributes(Path(".gitattributes"))


def _ensure_attributes(path: Path) -> None:
    existing = path.read_text(encoding="utf-8") if path.exists() else ""
    if ATTRIBUTES_LINE in existing.splitlines():
        return
    prefix = "" if not existing or existing.endswith("\n") else "\n"
    with path.open("a", encoding="utf-8") as handle:
        handle.write(f"{prefix}{ATTRIBUTES_LINE}\n")
    click.echo(f"added '{ATTRIBUTES_LINE}' to {path}", err=True)
