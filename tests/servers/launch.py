"""Start zoo servers from tests: argv builders and a context manager for the HTTP server."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent


def stdio_argv(mode: str, *args: str) -> list[str]:
    """argv of a stdio zoo server (run with cwd=REPO, or PYTHONPATH containing it)."""
    return [sys.executable, "-m", "tests.servers", mode, *args]


def child_env() -> dict[str, str]:
    """This environment plus PYTHONPATH=REPO, so `-m tests.servers` imports from any cwd."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH")) if p)
    return env


@contextmanager
def http_server(behaviour: str = "echo_headers", *args: str) -> Iterator[str]:
    """Run `python -m tests.servers http --behaviour B ARGS` on a free 127.0.0.1 port.

    Yields the endpoint URL ("http://127.0.0.1:PORT/mcp"); the server (its whole process group)
    is killed on exit.
    """
    proc = subprocess.Popen(
        [*stdio_argv("http", "--behaviour", behaviour, "--port", "0"), *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=child_env(),
        cwd=REPO,
        start_new_session=True,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip()
        if not url.startswith("http://127.0.0.1:"):
            raise RuntimeError(f"zoo http server did not start (got {url!r})")
        yield url
    finally:
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)
        if proc.stdout:
            proc.stdout.close()
