"""`python -m tests.targets install [--force]` | `python -m tests.targets lock`."""

from __future__ import annotations

import sys

from tests.targets.install import InstallError, install, relock

USAGE = "usage: python -m tests.targets install [--force] | lock"


def main(argv: list[str]) -> int:
    """Run the sub-command; one-line errors, exit 1 on failure, 2 on bad usage."""
    if not argv or argv[0] not in ("install", "lock") or set(argv[1:]) - {"--force"}:
        print(USAGE, file=sys.stderr)
        return 2
    try:
        if argv[0] == "install":
            install(force="--force" in argv[1:])
        else:
            relock()
    except InstallError as exc:
        print(f"targets: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
