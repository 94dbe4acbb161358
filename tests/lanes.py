"""CI in lanes: `python -m tests.lanes` runs them in order and times each one.

    lint     ruff check, ruff format --check (the Python code), mypy --strict on mcpvcr
             and examples
    offline  every test not marked `real_target` (no real server needed; target < 3 min),
             on 4 workers
    real     `python -m tests.targets install`, then the `real_target` tests (the pinned
             real servers, the conformance suite and the real clients)

    python -m tests.lanes                 # every lane, in this order
    python -m tests.lanes offline         # only these lanes
    python -m tests.lanes real --no-install   # the servers are already installed

Every lane runs even when an earlier one failed, so one CI run reports everything; the
exit code is 1 when any step failed (0 when all passed). The output ends with each
lane's wall time and then one pytest summary line adding up the pytest lanes.
`CI=true` (set by `.ci/run`) makes a `real_target` test whose server is missing FAIL,
never skip (tests/conftest.py).
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PY = sys.executable
PYTHON_DIRS = ("mcpvcr", "tests", "examples", "bench")
"""What `ruff format --check` formats: the Python code (not the code blocks of the Markdown
docs, which tests/test_readme.py runs or parses instead)."""
OFFLINE_WORKERS = "4"
"""The offline tests mostly wait (subprocesses, time-outs), so 4 workers on 2 cores overlap it."""
REAL_WORKERS = "2"
SUMMARY = re.compile(r"^=*\s*(?P<body>\d+ \w+(?:, \d+ \w+)*) in (?P<secs>[\d.]+)s\b.*$")
"""pytest's last line, with or without `=` padding (-q drops it): "3 failed, 9 passed in 2.1s"."""
COUNT = re.compile(r"(\d+) (failed|passed|skipped|xfailed|xpassed|errors?|warnings?)\b")
ORDER = ("failed", "error", "passed", "skipped", "xfailed", "xpassed", "warning")


def _pytest(marker: str, workers: str) -> list[str]:
    return [PY, "-m", "pytest", "-m", marker, "-n", workers, "-q", "-p", "no:cacheprovider"]


LANES: dict[str, list[list[str]]] = {
    "lint": [
        [PY, "-m", "ruff", "check", "."],
        [PY, "-m", "ruff", "format", "--check", *PYTHON_DIRS],
        [PY, "-m", "mypy", "mcpvcr", "examples"],
    ],
    "offline": [_pytest("not real_target", OFFLINE_WORKERS)],
    "real": [[PY, "-m", "tests.targets", "install"], _pytest("real_target", REAL_WORKERS)],
}


@dataclass
class Lane:
    name: str
    seconds: float = 0.0
    ok: bool = True
    counts: Counter[str] = field(default_factory=Counter)
    summary: str = ""


def _run(argv: list[str]) -> tuple[int, str]:
    """Run one step, streaming its output; its exit code and its pytest summary line."""
    print(f"$ {' '.join(a if a != PY else 'python' for a in argv)}", flush=True)
    summary = ""
    with subprocess.Popen(
        argv, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            sys.stdout.write(line)
            if SUMMARY.match(line.strip()):
                summary = line.strip()
    sys.stdout.flush()
    return proc.returncode, summary


def run_lane(name: str, steps: list[list[str]]) -> Lane:
    lane = Lane(name)
    start = time.monotonic()
    for argv in steps:
        code, summary = _run(argv)
        lane.ok = lane.ok and code == 0
        if summary:
            lane.summary = summary
            match = SUMMARY.match(summary)
            assert match is not None
            for number, word in COUNT.findall(match["body"]):
                lane.counts[word.rstrip("s") if word != "passed" else word] += int(number)
    lane.seconds = time.monotonic() - start
    return lane


def total_line(lanes: list[Lane]) -> str:
    """One pytest-style summary line over the pytest lanes."""
    counts: Counter[str] = Counter()
    for lane in lanes:
        counts.update(lane.counts)
    words = {"error": "errors", "warning": "warnings"}
    parts = [
        f"{counts[key]} {words.get(key, key) if counts[key] != 1 else key}"
        for key in ORDER
        if counts[key]
    ]
    seconds = sum(lane.seconds for lane in lanes)
    return f"======= {', '.join(parts) or 'no tests ran'} in {seconds:.2f}s ======="


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.lanes", description=__doc__)
    parser.add_argument("lanes", nargs="*", metavar="LANE", help=f"any of {', '.join(LANES)}")
    parser.add_argument(
        "--no-install", action="store_true", help="real lane: the servers are installed"
    )
    args = parser.parse_args(argv)
    chosen = args.lanes or list(LANES)
    unknown = [name for name in chosen if name not in LANES]
    if unknown:
        parser.error(f"unknown lane(s): {', '.join(unknown)} (known: {', '.join(LANES)})")
    done = []
    for name in chosen:
        steps = LANES[name]
        if args.no_install:
            steps = [s for s in steps if s[1:3] != ["-m", "tests.targets"]]
        print(f"--- lane {name} ---", flush=True)
        done.append(run_lane(name, steps))
    print("--- lanes ---")
    for lane in done:
        state = "passed" if lane.ok else "FAILED"
        print(f"lane {lane.name:<8} {lane.seconds:7.1f}s  {state}  {lane.summary}")
    print(total_line(done), flush=True)
    return 0 if all(lane.ok for lane in done) else 1


if __name__ == "__main__":
    raise SystemExit(main())
