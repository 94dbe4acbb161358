"""What this machine can launch, and registry entries turned into specs for it (live probes)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from mcpvcr.fleet.registry import read_entries
from mcpvcr.fleet.resolve import Runtimes, resolve
from mcpvcr.fleet.spec import ServerSpec


def probe_runtimes() -> Runtimes:
    return Runtimes(
        npx=shutil.which("npx") is not None,
        uv=shutil.which("uv") is not None and shutil.which("uvx") is not None,
        python=sys.executable,
        docker=_docker_works(),
    )


def _docker_works() -> bool:
    if shutil.which("docker") is None:
        return False
    try:
        done = subprocess.run(
            ["docker", "info"], capture_output=True, timeout=15, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


def cache_dir() -> str:
    """Where sandboxed runs install registry packages (MCPVCR_FLEET_CACHE overrides)."""
    explicit = os.environ.get("MCPVCR_FLEET_CACHE")
    if explicit:
        return explicit
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return str(Path(base) / "mcpvcr" / "fleet")


def registry_specs(
    path: str, *, sandboxed: bool, runtimes: Runtimes | None = None
) -> list[ServerSpec]:
    runtimes = runtimes or probe_runtimes()
    cache = cache_dir()
    return [
        resolve(
            entry,
            runtimes,
            sandboxed=sandboxed,
            cache=cache,
            scratch=f"{cache}/scratch",
            environ=os.environ,
        )
        for entry in read_entries(path)
    ]
