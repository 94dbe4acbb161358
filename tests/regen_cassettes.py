"""Regenerate the committed cassettes in cassettes/ from the real servers, offline.

    python -m tests.targets install          # once: the pinned servers
    python -m tests.regen_cassettes          # every cassette
    python -m tests.regen_cassettes time     # only some (names below)
    python -m tests.regen_cassettes --check  # record again and compare, write nothing

Run from the repository root. Every server runs with no network (`unshare -rn`,
via tests/targets). Recordings are deterministic, so an unchanged server gives
byte-identical files and `git status` stays clean; a changed file means the
server (or mcpvcr's recording) changed.

    demo_target  examples/demo_target over stdio, with the fuzz pass
    everything   @modelcontextprotocol/server-everything (stdio), with the fuzz pass
    filesystem   @modelcontextprotocol/server-filesystem on tests/live/fs_root
                 (contract only: its tools write files)
    time         mcp-server-time --local-timezone UTC, with the fuzz pass
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mcpvcr import codec, store
from mcpvcr.recording import RecordOptions
from mcpvcr.targets import Target, stdio_target

REPO = Path(__file__).resolve().parent.parent
CASSETTES = REPO / "cassettes"
FS_ROOT = Path("tests/live/fs_root")  # relative: the server runs from the repo root


@dataclass(frozen=True)
class Recipe:
    target: Callable[[], Target]
    options: RecordOptions


def _demo() -> Target:
    return stdio_target([sys.executable, "-m", "examples.demo_target"], cwd=str(REPO))


def _everything() -> Target:
    from tests.targets import everything_argv

    return stdio_target(everything_argv(), cwd=str(REPO))


def _filesystem() -> Target:
    from tests.targets import filesystem_argv

    return stdio_target(filesystem_argv(FS_ROOT), cwd=str(REPO))


def _time() -> Target:
    from tests.targets import time_argv

    return stdio_target(time_argv("UTC"), cwd=str(REPO))


RECIPES: dict[str, Recipe] = {
    "demo_target": Recipe(_demo, RecordOptions(fuzz=True)),
    "everything": Recipe(_everything, RecordOptions(fuzz=True)),
    "filesystem": Recipe(_filesystem, RecordOptions()),
    "time": Recipe(_time, RecordOptions(fuzz=True)),
}


def regenerate(name: str, *, check: bool = False) -> bool:
    """Record one cassette; write it (or, with check, compare). True when unchanged."""
    from mcpvcr.live import record

    recipe = RECIPES[name]
    cassette = record(recipe.target(), recipe.options)
    if not cassette.complete:
        raise SystemExit(f"{name}: recording incomplete: {cassette.header.get('incomplete')}")
    path = CASSETTES / f"{name}.mcpvcr"
    data = codec.encode(cassette)
    unchanged = path.exists() and path.read_bytes() == data
    if not check:
        CASSETTES.mkdir(exist_ok=True)
        store.write_bytes_atomic(data, path)
    state = "unchanged" if unchanged else ("differs" if check else "written")
    print(f"{path.relative_to(REPO)}: {len(data)} bytes, {state}", file=sys.stderr)
    return unchanged


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.regen_cassettes",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("names", nargs="*", metavar="NAME", help=", ".join(RECIPES))
    parser.add_argument("--check", action="store_true", help="compare only; exit 1 on a change")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in RECIPES]
    if unknown:
        parser.error(f"unknown cassette(s): {', '.join(unknown)} (known: {', '.join(RECIPES)})")
    results = [regenerate(name, check=args.check) for name in (args.names or list(RECIPES))]
    return 1 if args.check and not all(results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
