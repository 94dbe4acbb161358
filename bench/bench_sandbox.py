"""What the jail costs: a fuzz pass of server-filesystem, jailed vs not (issue 21).

    python bench/bench_sandbox.py [--runs 3] [--sandbox auto|bwrap|unshare]

Both passes send the same calls: the unjailed one opts in with --fuzz-writes
(without it, no jail means read-only tools only). Each run records a fresh
scratch copy of tests/live/fs_root under /tmp, the server's working directory
and only allowed root, so the jailed run copies it and snapshots it around
every call. Prints the median wall time of each and their ratio (goal <= 1.2x).
Needs the pinned server-filesystem (`python -m tests.targets install`); it runs
with no network (tests/targets wraps it in `unshare -rn`).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mcpvcr.live import record  # noqa: E402
from mcpvcr.recording import RecordOptions  # noqa: E402
from mcpvcr.targets import stdio_target  # noqa: E402
from tests.targets import filesystem_argv, installed  # noqa: E402

GOAL = 1.2


def one_pass(sandbox: str) -> tuple[float, int]:
    """Seconds for one fuzz recording, and how many calls it made."""
    scratch = Path(tempfile.mkdtemp(prefix="mcpvcr-bench-sandbox-"))
    try:
        root = scratch / "root"
        shutil.copytree(ROOT / "tests" / "live" / "fs_root", root)
        target = stdio_target(filesystem_argv(root), cwd=str(root))
        options = RecordOptions(
            fuzz=True, sandbox=sandbox, fuzz_writes=sandbox == "none", quiet=True
        )
        started = time.perf_counter()
        cassette = record(target, options)
        return time.perf_counter() - started, len(cassette.interactions)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--sandbox", default="auto", choices=("auto", "bwrap", "unshare"))
    args = parser.parse_args()
    if not installed("filesystem"):
        raise SystemExit("server-filesystem is not installed: python -m tests.targets install")
    one_pass("none")  # warm-up: node's and the OS's caches
    times: dict[str, list[float]] = {"none": [], args.sandbox: []}
    calls: dict[str, int] = {}
    for _ in range(max(1, args.runs)):
        for mode in times:  # interleaved, so machine noise hits both alike
            seconds, count = one_pass(mode)
            times[mode].append(seconds)
            calls[mode] = count
    plain = statistics.median(times["none"])
    jailed = statistics.median(times[args.sandbox])
    ratio = jailed / plain
    verdict = "ok" if ratio <= GOAL else "SLOW"
    print(f"server-filesystem fuzz, no jail (--fuzz-writes): {plain:.2f} s, {calls['none']} calls")
    print(
        f"server-filesystem fuzz, jail {args.sandbox}: {jailed:.2f} s, {calls[args.sandbox]} calls"
    )
    print(f"jail / no jail: {ratio:.2f}x (goal <= {GOAL}x: {verdict})")


if __name__ == "__main__":
    main()
