"""Errors that carry the documented exit code.

Exit codes, everywhere: 0 success; 1 the check ran and failed; 2 usage error;
3 could not run (target unreachable, crashed in the handshake, corrupt cassette,
time-out). Every error message is one line that names the file or target.
"""

from __future__ import annotations

EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_CANNOT_RUN = 3
EXIT_INTERRUPTED = 130
"""Ctrl-C (128 + SIGINT), as shells report it."""
EXIT_TERMINATED = 143
"""SIGTERM (128 + 15), as shells and CI runners report a terminated process."""


class Terminated(KeyboardInterrupt):
    """SIGTERM: unwinds like Ctrl-C (temp files removed, children ended), exits 143."""


class McpVcrError(Exception):
    """Base of every error mcpvcr reports to a user; `str(err)` is the one-line message."""

    exit_code: int = EXIT_CANNOT_RUN


class UsageError(McpVcrError):
    """The command line or a config file asks for something impossible."""

    exit_code = EXIT_USAGE


class CannotRun(McpVcrError):
    """The check could not run: target unreachable, crashed, timed out."""

    exit_code = EXIT_CANNOT_RUN


class CassetteError(CannotRun):
    """A cassette cannot be read: missing, corrupt, truncated, foreign or too new."""

    def __init__(self, path: str, problem: str, fix: str | None = None) -> None:
        self.path = path
        self.problem = problem
        self.fix = fix
        message = f"{path}: {problem}"
        if fix:
            message += f" ({fix})"
        super().__init__(message)


class CassetteNotFound(CassetteError):
    """The cassette path does not exist."""


class CassetteCorrupt(CassetteError):
    """The bytes are not a cassette this mcpvcr can read."""


class CheckFailed(McpVcrError):
    """The check ran and failed (findings over threshold, breaking change, low score)."""

    exit_code = EXIT_FAILED
