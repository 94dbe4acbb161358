"""Benchmark: what control calls cost on @modelcontextprotocol/server-everything.

    python bench/bench_control_calls.py

Plans the fuzz pass for the committed cassettes/everything.mcpvcr (its recorded tool list)
with and without control calls (`mcpvcr.fuzz.control`), and records the server once with
`--fuzz` when it is installed (python -m tests.targets install; run without network via
`unshare -rn`), counting the calls made. Aim: control calls cost at most 1.3x the calls of
the fuzz pass without them. Not a timed test: prints the numbers.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from unittest import mock

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _planned(with_controls: bool) -> int:
    from mcpvcr import store
    from mcpvcr.fuzz import plan
    from mcpvcr.fuzz.plan import PlanSettings, plan_calls

    cassette = store.load(ROOT / "cassettes" / "everything.mcpvcr")
    if with_controls:
        return len(plan_calls(cassette, PlanSettings())[0])
    with mock.patch.object(plan, "_add_control", lambda *args, **kwargs: None):
        return len(plan_calls(cassette, PlanSettings())[0])


def _recorded(with_controls: bool) -> tuple[int, float] | None:
    from mcpvcr.fuzz import plan
    from mcpvcr.live import record
    from mcpvcr.recording import RecordOptions
    from mcpvcr.targets import stdio_target
    from tests import targets

    if not targets.installed("everything"):
        return None
    started = time.monotonic()
    target = stdio_target(targets.everything_argv(), cwd=str(ROOT))
    if with_controls:
        cassette = record(target, RecordOptions(fuzz=True))
    else:
        with mock.patch.object(plan, "_add_control", lambda *args, **kwargs: None):
            cassette = record(target, RecordOptions(fuzz=True))
    return len(cassette.interactions), time.monotonic() - started


def main() -> int:
    base, controlled = _planned(False), _planned(True)
    print(
        f"planned calls: {base} without control calls, {controlled} with ({controlled / base:.3f}x)"
    )
    without, with_ = _recorded(False), _recorded(True)
    if without is None or with_ is None:
        print("server-everything is not installed: recorded pass skipped")
        return 0
    print(
        f"recorded calls: {without[0]} without, {with_[0]} with ({with_[0] / without[0]:.3f}x); "
        f"wall {without[1]:.1f} s vs {with_[1]:.1f} s ({with_[1] / without[1]:.2f}x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
