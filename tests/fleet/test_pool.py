"""The pool itself: a worker that ignores SIGTERM and leaves its session is still ended;
the fleet's parent process never imports the mcp SDK (its memory stays small)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from mcpvcr.fleet.pool import Job, Pool, Result
from tests.fleet.kit import REPO, demo, write_config
from tests.test_offline_imports import BLOCK_MCP_AND_RUN

# A stand-in worker: ignores SIGTERM, starts a grandchild in a new session, then hangs.
STUBBORN = "trap '' TERM; setsid sleep 300 & echo $! > {pidfile}; while :; do sleep 1; done"


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_a_stubborn_worker_and_its_escaped_grandchild_are_killed(tmp_path: Path) -> None:
    pidfile = tmp_path / "pid"
    results: list[Result] = []
    pool = Pool(2, argv=["sh", "-c", STUBBORN.format(pidfile=pidfile)])
    start = time.monotonic()
    finished = pool.run(iter([Job("stubborn", {}, timeout=1.0)]), results.append)
    assert finished and len(results) == 1
    assert results[0].timed_out and results[0].exit_code is not None
    assert time.monotonic() - start < 30
    assert not running(int(pidfile.read_text()))


def test_jobs_beyond_the_pool_size_wait_for_a_slot(tmp_path: Path) -> None:
    log = tmp_path / "log"
    script = f"echo start $$ >> {log}; sleep 0.5; echo end $$ >> {log}; echo '{{}}'"
    results: list[Result] = []
    Pool(2, argv=["sh", "-c", script]).run(
        iter([Job(str(i), {}, timeout=30) for i in range(5)]), results.append
    )
    assert sorted(r.key for r in results) == ["0", "1", "2", "3", "4"]
    assert all(r.summary == {} and r.exit_code == 0 for r in results)
    depth = peak = 0
    for line in log.read_text().splitlines():
        depth += 1 if line.startswith("start") else -1
        peak = max(peak, depth)
    assert peak == 2


def test_the_fleet_parent_and_the_offline_fleet_commands_never_import_mcp(tmp_path: Path) -> None:
    config = write_config(tmp_path / "fleet.json", {"demo": demo()})
    out = tmp_path / "out"

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-c", BLOCK_MCP_AND_RUN, *args],
            capture_output=True,
            text=True,
            cwd=REPO,
            stdin=subprocess.DEVNULL,
            timeout=120,
        )

    recorded = run("record", "--config", config, "--all", "-o", str(out))
    assert recorded.returncode == 0, recorded.stderr
    assert (out / "fleet-index.json").is_file() and list(out.glob("*.mcpvcr"))
    for argv in (
        ["score", str(out)],
        ["score", str(out), "--format", "html"],
        ["gate", str(out), str(out)],
    ):
        done = run(*argv)
        assert done.returncode == 0, done.stderr


def test_the_slowest_servers_of_the_last_run_start_first(tmp_path: Path) -> None:
    from mcpvcr.fleet.index import write_index
    from mcpvcr.fleet.runner import Settings, run_fleet
    from mcpvcr.fleet.spec import ServerSpec

    out = tmp_path / "out"
    out.mkdir()
    last = {"fast": 1.0, "slow": 30.0, "middle": 5.0}
    write_index(out, {}, [{"key": k, "seconds": s, "outcome": "recorded"} for k, s in last.items()])
    log = tmp_path / "order"
    # A stand-in worker that logs which server it was given.
    script = f"python3 -c 'import json,sys; print(json.load(sys.stdin)[\"label\"])' >> {log}"
    specs = [ServerSpec(name=n, argv=("x",)) for n in ("fast", "middle", "new", "slow")]
    settings = Settings(output=str(out), jobs=1, worker_argv=("sh", "-c", script))
    with open(os.devnull, "w") as sink:
        run_fleet(specs, settings, stream=sink)
    assert log.read_text().split() == ["new", "slow", "middle", "fast"]
