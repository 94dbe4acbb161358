"""Fleet throughput and memory: servers per minute at --jobs 1, 2, 4, and the parent's peak RSS.

    python bench/bench_fleet.py [--timeout 20] [--sizes 12,48]

The fleet: every pinned real server (tests/targets, both versions where two are
pinned; run with no network under --sandbox netns), the demo target, and the
misbehaving zoo servers (a hang, a crash, a log flood, junk on stdout, a grandchild,
a slow tool). Throughput is wall time of `mcpvcr record --config F --all`; the ratio
is --jobs 4 against --jobs 1 measured in the same run. RSS is the peak resident set
of the mcpvcr process itself (ru_maxrss of RUSAGE_SELF: the workers are separate
processes), for a small and a large fleet of cheap zoo servers: it should not grow
with the fleet. Benchmarks print; they never assert.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fleet.kit import REAL, demo, real, write_config, zoo  # noqa: E402

RSS_WRAPPER = (
    "import resource, sys; from mcpvcr.cli import run; code = run(sys.argv[1:]); "
    "sys.stderr.write(f'maxrss_kib={resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n'); "
    "sys.exit(code)"
)


def fleet(tmp: Path) -> dict[str, dict[str, Any]]:
    servers = {spec: real(spec) for spec in REAL}
    servers |= {
        "demo": demo(),
        "zoo-paginated": zoo("paginated"),
        "zoo-hang": zoo("hang_handshake"),
        "zoo-crash": zoo("crash_start"),
        "zoo-log-flood": zoo("log_flood"),
        "zoo-garbage-stdout": zoo("garbage_stdout"),
        "zoo-slow-tool": zoo("slow_tool"),
        "zoo-grandchild": zoo(
            "grandchild", "--setsid", env={"MCPVCR_GRANDCHILD_PIDFILE": str(tmp / "g.pid")}
        ),
    }
    return servers


def record(config: str, out: Path, jobs: int, timeout: float) -> tuple[float, int, dict[str, int]]:
    """(wall seconds, parent peak RSS KiB, outcome counts) of one fleet recording."""
    argv = [
        sys.executable,
        "-c",
        RSS_WRAPPER,
        "record",
        "--config",
        config,
        "--all",
        "-o",
        str(out),
        "--jobs",
        str(jobs),
        "--sandbox",
        "netns",
        "--timeout",
        str(timeout),
    ]
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"bench: fleet record failed: {done.stderr[-500:]}")
    rss = int(done.stderr.rsplit("maxrss_kib=", 1)[-1].split()[0])
    counts: dict[str, int] = {}
    for entry in json.loads((out / "fleet-index.json").read_text())["servers"]:
        counts[entry["outcome"]] = counts.get(entry["outcome"], 0) + 1
    return elapsed, rss, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--timeout", type=float, default=20.0, help="record --timeout")
    parser.add_argument("--sizes", default="12,48", help="fleet sizes for the RSS figure")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        servers = fleet(tmp)
        config = write_config(tmp / "fleet.json", servers)
        print(
            f"fleet: {len(servers)} servers ({len(REAL)} real, {len(servers) - len(REAL)} "
            f"demo and zoo), record --timeout {args.timeout:g}, --sandbox netns"
        )
        rates = {}
        peak = {}
        for jobs in (1, 2, 4):
            elapsed, rss, counts = record(config, tmp / f"jobs{jobs}", jobs, args.timeout)
            rates[jobs] = len(servers) / elapsed * 60
            peak[jobs] = rss
            print(
                f"--jobs {jobs}: {elapsed:6.1f} s  {rates[jobs]:5.1f} servers/min  "
                f"peak RSS {rss / 1024:5.1f} MiB  {counts}"
            )
        ratio = rates[4] / rates[1]
        print(
            f"throughput --jobs 4 / --jobs 1, first run: {ratio:.2f}x (goal >= 2.5x: "
            f"{'met' if ratio >= 2.5 else 'NOT met'})"
        )
        print(f"throughput --jobs 2 / --jobs 1: {rates[2] / rates[1]:.2f}x")
        # Again into the same directory: the index's times put the slowest servers first.
        elapsed, rss, counts = record(config, tmp / "jobs4", 4, args.timeout)
        warm = len(servers) / elapsed * 60
        print(
            f"--jobs 4 again: {elapsed:6.1f} s  {warm:5.1f} servers/min  "
            f"peak RSS {rss / 1024:5.1f} MiB  {counts}"
        )
        print(f"throughput --jobs 4 (again, slowest first) / --jobs 1: {warm / rates[1]:.2f}x")
        sizes = [int(size) for size in args.sizes.split(",")]
        rss_by_size = {}
        for size in sizes:
            cheap = {f"pages-{i:04d}": zoo("paginated") for i in range(size)}
            cfg = write_config(tmp / f"cheap{size}.json", cheap)
            elapsed, rss, _ = record(cfg, tmp / f"cheap{size}", 4, args.timeout)
            rss_by_size[size] = rss
            print(
                f"RSS, {size:4d} cheap servers at --jobs 4: {rss / 1024:5.1f} MiB "
                f"({size / elapsed * 60:.0f} servers/min)"
            )
        growth = rss_by_size[sizes[-1]] / rss_by_size[sizes[0]]
        print(
            f"peak RSS {sizes[-1]} / {sizes[0]} servers: {growth:.2f}x (goal: flat, < 1.1x: "
            f"{'met' if growth < 1.1 else 'NOT met'})"
        )


if __name__ == "__main__":
    main()
