"""Regenerate cassettes/mcpvcr-serve.mcpvcr: mcpvcr's own probe server, audited by mcpvcr.

    python -m tests.serve.regen

The server is started with the committed demo cassette open, and the valid
case of each tool is pinned to arguments that work offline (a cassette
connection, the demo cassette diffed against itself), so the behavioural pass
measures the server rather than the absence of a target. Runs with no
network (`unshare -rn`) when available.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = REPO / "cassettes" / "mcpvcr-serve.mcpvcr"
DEMO = "cassettes/demo_target.mcpvcr"
PINS = {
    "probe_connect": {"transport": "cassette", "path": DEMO},
    "probe_diff": {"old": DEMO, "new": DEMO},
    "probe_lint": {},
    "probe_list": {},
    "probe_report": {},
}


def command(out: Path = OUT) -> list[str]:
    serve = f"{sys.executable} -m mcpvcr serve --timeout 5 --open {DEMO}"
    argv = [sys.executable, "-m", "mcpvcr", "record", "--fuzz", "--stdio", serve, "-o", str(out)]
    for tool, arguments in PINS.items():
        argv += ["--pin", f"{tool}={json.dumps(arguments)}"]
    if shutil.which("unshare") and subprocess.run(["unshare", "-rn", "true"]).returncode == 0:
        argv = ["unshare", "-rn", *argv]
    return argv


def main() -> int:
    return subprocess.run(command(), cwd=REPO).returncode


if __name__ == "__main__":
    sys.exit(main())
