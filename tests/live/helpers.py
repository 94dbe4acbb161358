"""Shared helpers of the recorder tests: run `mcpvcr record`, find live processes."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parent / "fake_server.py"


def fake_command(mode: str) -> str:
    """A --stdio command line for the raw fake server in MODE."""
    return f"{sys.executable} {FAKE} {mode}"


@dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    stderr: str
    seconds: float


def run_mcpvcr(*args: str, timeout: float = 120.0, env: dict[str, str] | None = None) -> Run:
    """`python -m mcpvcr ARGS` from the repo root; returns code, output and wall time."""
    full_env = dict(os.environ)
    full_env.update(env or {})
    full_env.setdefault("PYTHONPATH", str(REPO))
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args],
        cwd=REPO,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    return Run(proc.returncode, proc.stdout, proc.stderr, time.monotonic() - started)


def alive_in_group(pgid: int) -> list[int]:
    """PIDs still running (not zombies) in process group `pgid`."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...; comm may contain spaces, so split after ')'.
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            alive.append(int(entry.name))
    return alive
