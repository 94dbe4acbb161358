"""crash_start: writes "zoo crash_start: fatal: cannot open config /nonexistent/zoo.toml" to
stderr and exits with status 1 before reading anything.
"""

from __future__ import annotations

import sys

MESSAGE = "zoo crash_start: fatal: cannot open config /nonexistent/zoo.toml"


def main(argv: list[str]) -> int:
    print(MESSAGE, file=sys.stderr, flush=True)
    return 1
