"""`python -m tests.targets install|lock [--force] [--only ENV[,ENV]]` (--force: install only)."""

from __future__ import annotations

import argparse
import sys

from tests.targets.install import InstallError, env_names, install, relock


def main(argv: list[str]) -> int:
    """Run the sub-command; one-line errors, exit 1 on failure, 2 on bad usage."""
    parser = argparse.ArgumentParser(prog="python -m tests.targets")
    parser.add_argument("command", choices=("install", "lock"))
    parser.add_argument("--force", action="store_true", help="reinstall even when up to date")
    parser.add_argument("--only", metavar="ENV[,ENV]", help=f"only these of {env_names()}")
    args = parser.parse_args(argv)
    only = frozenset(args.only.split(",")) if args.only else None
    if only is not None and only - set(env_names()):
        parser.error(f"unknown environment(s): {', '.join(sorted(only - set(env_names())))}")
    try:
        if args.command == "install":
            install(force=args.force, only=only)
        else:
            relock(only)
    except InstallError as exc:
        print(f"targets: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
