"""`python -m tests.servers MODE [options]`: run one server of the zoo."""

from __future__ import annotations

import importlib
import sys

from tests.servers import MODES


def main(argv: list[str]) -> int:
    """Import the mode's module and run its `main` with the remaining arguments."""
    if not argv or argv[0] not in MODES:
        print(f"usage: python -m tests.servers {{{','.join(MODES)}}} [options]", file=sys.stderr)
        return 2
    module = importlib.import_module(f"tests.servers.{argv[0]}")
    result: int = module.main(argv[1:])
    return result


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
