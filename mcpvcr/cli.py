"""The `mcpvcr` command line: a click group whose commands load lazily.

Each command lives in `mcpvcr/commands/<name>.py` and is imported only when it
runs, so `mcpvcr score` never pays for `record`'s imports (the mcp SDK costs
about a second). Errors become one line on stderr and the documented exit code:
0 success, 1 check failed, 2 usage error, 3 could not run.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import click

from mcpvcr._version import __version__
from mcpvcr.errors import (
    EXIT_CANNOT_RUN,
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    EXIT_USAGE,
    McpVcrError,
    Terminated,
)

COMMANDS: dict[str, tuple[str, str]] = {
    "record": ("mcpvcr.commands.record", "Record a live MCP server into a cassette."),
    "audit": ("mcpvcr.commands.audit", "Record a live server in memory and print its report."),
    "score": ("mcpvcr.commands.score", "Score a cassette 0-100 and print the report."),
    "lint": ("mcpvcr.commands.lint", "List the findings of a cassette."),
    "diff": ("mcpvcr.commands.diff", "Classify the contract changes between two cassettes."),
    "gate": ("mcpvcr.commands.gate", "Fail when a change or score breaks the policy."),
    "verify": ("mcpvcr.commands.verify", "Replay a baseline's calls live and compare answers."),
    "rules": ("mcpvcr.commands.rules", "List the lint rules, or print one rule's page."),
    "show": ("mcpvcr.commands.show", "Print a cassette as canonical JSON."),
    "replay": ("mcpvcr.commands.replay", "Serve a cassette as a fake MCP server."),
    "serve": ("mcpvcr.commands.serve", "Run the stdio MCP server of probe_* tools."),
    "git": ("mcpvcr.commands.git", "Set up git to show cassette diffs as JSON."),
}


class LazyGroup(click.Group):
    """A group that imports a command's module only when that command is used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        command = importlib.import_module(entry[0]).command
        assert isinstance(command, click.Command)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, summary) for name, (_module, summary) in COMMANDS.items()]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="mcpvcr")
def cli() -> None:
    """VCR for MCP servers: record a server's contract and behaviour into a
    deterministic cassette, then lint, score, diff, gate and replay it offline.

    Exit codes: 0 success, 1 the check failed, 2 usage error, 3 could not run.
    """


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; never let a traceback reach the user."""
    sys.exit(run(argv))


def run(argv: list[str] | None = None, **extra: Any) -> int:
    from mcpvcr.redacted_io import redacted_streams
    from mcpvcr.redaction import TOKEN_ENV, remember

    remember([os.environ.get(TOKEN_ENV, "")])
    previous = _terminate_like_interrupt()
    try:
        with redacted_streams():
            return _run(argv, **extra)
    finally:
        if previous is not None:
            import signal

            signal.signal(signal.SIGTERM, previous)


def _terminate_like_interrupt() -> Any:
    """SIGTERM unwinds like Ctrl-C (atomic writes clean up) and exits 143, not 130.

    Returns the handler it replaced (None when it could not install one)."""
    import signal

    def terminated(signum: int, frame: object) -> None:
        raise Terminated

    try:
        return signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread (a library caller's worker): leave it alone
        return None


def _run(argv: list[str] | None, **extra: Any) -> int:
    try:
        result = cli.main(args=argv, prog_name="mcpvcr", standalone_mode=False, **extra)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as err:
        err.show()
        return EXIT_USAGE if isinstance(err, click.UsageError) else err.exit_code
    except click.exceptions.Abort as abort:  # click's form of KeyboardInterrupt (Terminated too)
        if isinstance(abort.__cause__ or abort.__context__, Terminated):
            click.echo("mcpvcr: terminated", err=True)
            return EXIT_TERMINATED
        click.echo("mcpvcr: interrupted", err=True)
        return EXIT_INTERRUPTED
    except McpVcrError as err:
        click.echo(f"mcpvcr: {_one_line(str(err))}", err=True)
        return err.exit_code
    except Terminated:
        click.echo("mcpvcr: terminated", err=True)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        click.echo("mcpvcr: interrupted", err=True)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        return 0
    except Exception as err:  # the last line of defence: one line, no traceback
        click.echo(f"mcpvcr: internal error: {type(err).__name__}: {_one_line(str(err))}", err=True)
        return EXIT_CANNOT_RUN
    return result if isinstance(result, int) else 0


def _one_line(text: str) -> str:
    from mcpvcr.terminal import printable

    return printable(" ".join(text.split()))
