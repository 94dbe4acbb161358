"""docs/replay.md: the client-retry example runs as written against a chaotic replay."""

from __future__ import annotations

import re
import subprocess
import sys

from mcpvcr.replay.chaos import ChaosSpec
from tests.replay.test_modes import REPO

DOC = REPO / "docs" / "replay.md"


def _blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_client_retry_example_runs_and_meets_the_faults() -> None:
    [example] = _blocks("python")
    done = subprocess.run(
        [sys.executable, "-c", example],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "injected error" in done.stdout and "timed out" in done.stdout
    assert "mcpvcr: chaos: request" in done.stderr


def test_every_chaos_spec_in_the_page_parses() -> None:
    specs = re.findall(r"--chaos ([\w-]+=[\w=%.,-]+)", DOC.read_text(encoding="utf-8"))
    assert specs
    for spec in specs:
        ChaosSpec.parse(spec)
