"""Benchmark `mcpvcr score` against the import floor of the offline dependencies.

    python bench/bench_score.py [--runs 7]

Prints, measured in the same run with the same interpreter: the floor
`python -c "import click, msgpack, jsonschema"` (what score needs; no mcpvcr
module imports deepdiff), `mcpvcr score` on the demo cassette (a) and on a
synthetic 1,000-tool cassette (b), medians of `--runs` runs each, and the
ratios. Aims: (a) at most 1.2x the floor, (b) under 1 s.

Measured as installed: mcpvcr's bytecode is compiled first (as `pip install`
does; an environment with PYTHONDONTWRITEBYTECODE=1 would otherwise re-compile
every edited module on each run), with a fresh cache and cache key
(mcpvcr.disk_cache) in a scratch directory. The first run of each cassette,
with nothing remembered (scanner built, schemas checked), is shown on its own
line, and so is a run with the cache turned off (MCPVCR_NO_CACHE=1).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def _time(argv: list[str], runs: int, *, warm_up: bool = True) -> tuple[float, float]:
    """Median (wall, CPU) seconds of `argv` (one warm-up run first, not counted).

    CPU time (user + system of the child) is reported too because wall time on a
    shared, loaded machine mostly measures the other processes.
    """
    if warm_up:
        subprocess.run(argv, cwd=ROOT, capture_output=True, check=True)
    walls, cpus = [], []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        subprocess.run(argv, cwd=ROOT, capture_output=True, check=True)
        walls.append(time.perf_counter() - start)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    from bench.synth import synth_cassette
    from mcpvcr import store
    from tests.golden.demo_cassette import demo_cassette

    with tempfile.TemporaryDirectory() as folder:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        subprocess.run(
            [sys.executable, "-m", "compileall", "-q", str(ROOT / "mcpvcr")],
            env=env,
            check=True,
            capture_output=True,
        )
        os.environ["MCPVCR_CACHE_DIR"] = str(Path(folder) / "cache")
        os.environ["XDG_STATE_HOME"] = str(Path(folder) / "state")
        os.environ.pop("MCPVCR_NO_CACHE", None)
        demo = Path(folder) / "demo.mcpvcr"
        big = Path(folder) / "synthetic-1000.mcpvcr"
        store.save(demo_cassette(), demo)
        size = store.save(synth_cassette(1000, seed=0), big)
        python = sys.executable
        floor = _time([python, "-c", "import click, msgpack, jsonschema"], args.runs)
        cold = _time([python, "-m", "mcpvcr", "score", str(demo)], 1, warm_up=False)
        small = _time([python, "-m", "mcpvcr", "score", str(demo)], args.runs)
        large_cold = _time([python, "-m", "mcpvcr", "score", str(big)], 1, warm_up=False)
        large = _time([python, "-m", "mcpvcr", "score", str(big)], args.runs)
        os.environ["MCPVCR_NO_CACHE"] = "1"
        small_off = _time([python, "-m", "mcpvcr", "score", str(demo)], args.runs)
        large_off = _time([python, "-m", "mcpvcr", "score", str(big)], args.runs)

    print(
        f"python {sys.version.split()[0]}, median of {args.runs} runs, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    rows = [
        ("import floor (click, msgpack, jsonschema)", floor, ""),
        ("(a) score demo cassette, first run (nothing remembered)", cold, "once per cassette"),
        ("(a) score demo cassette", small, "aim <= 1.2x floor"),
        ("(a) score demo cassette, MCPVCR_NO_CACHE=1", small_off, ""),
        (f"(b) score 1,000-tool cassette ({size // 1024} KiB), first run", large_cold, ""),
        ("(b) score 1,000-tool cassette", large, "aim < 1 s"),
        ("(b) score 1,000-tool cassette, MCPVCR_NO_CACHE=1", large_off, ""),
    ]
    for label, (wall, cpu), aim in rows:
        print(
            f"{label:<58} wall {wall * 1000:6.0f} ms ({wall / floor[0]:.2f}x)  "
            f"cpu {cpu * 1000:6.0f} ms ({cpu / floor[1]:.2f}x)  {aim}"
        )


if __name__ == "__main__":
    main()
