"""Diff speed on synthetic cassettes: 1,000 tools with 50 changes, 10,000 with 500.

    python bench/bench_diff.py            # prints one line per size, best of 3 runs

Cassettes come from `bench/synth.py` (seeded, realistic schemas). Targets (issue 5):
1,000/50 well under a second, 10,000/500 under 2 s. `bench/run.py` prints the whole table.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.synth import mutate, synth_cassette
from mcpvcr.diff import diff


def measure(n_tools: int, n_changes: int, runs: int = 3) -> tuple[float, int]:
    old = synth_cassette(n_tools, 1)
    new = mutate(old, n_changes, 2)
    best = float("inf")
    count = 0
    for _ in range(runs):
        start = time.perf_counter()
        changes = diff(old, new)
        best = min(best, time.perf_counter() - start)
        count = len(changes.changes)
    return best, count


def main() -> None:
    for n_tools, n_changes, target in ((1000, 50, 1.0), (10000, 500, 2.0)):
        seconds, count = measure(n_tools, n_changes)
        verdict = "ok" if seconds < target else "SLOW"
        print(
            f"{n_tools} tools, {n_changes} mutations: {seconds * 1000:.0f} ms,"
            f" {count} changes (target < {target:.0f} s: {verdict})"
        )


if __name__ == "__main__":
    main()
