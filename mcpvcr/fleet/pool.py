"""A bounded pool of worker subprocesses: at most `jobs` at once, each with its own time-out.

Each worker runs in its own session with stdout/stderr in temporary files, so
a worker that floods, hangs or crashes never blocks the loop or the others. A
worker past its time-out gets SIGTERM (the recorder then ends its server's
tree), then, after a grace, SIGKILL for its group and every descendant found
when the time-out struck. Ctrl-C (or SIGTERM) ends every running worker the
same way and returns; what finished is already reported.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any

from mcpvcr.fleet.procs import descendants, kill_all, signal_group

GRACE_SECONDS = 3.0
POLL_SECONDS = 0.05
TAIL_BYTES = 4096


@dataclass(frozen=True)
class Job:
    key: str
    payload: dict[str, Any]
    timeout: float


@dataclass(frozen=True)
class Result:
    key: str
    exit_code: int | None
    summary: dict[str, Any] | None
    stderr_tail: str
    seconds: float
    timed_out: bool = False
    interrupted: bool = False


@dataclass
class _Running:
    job: Job
    process: subprocess.Popen[bytes]
    stdout: IO[bytes]
    stderr: IO[bytes]
    start: float
    doomed: list[int] = field(default_factory=list)
    term_at: float | None = None


def worker_argv() -> list[str]:
    return [sys.executable, "-m", "mcpvcr.commands.fleet_worker"]


class Pool:
    def __init__(
        self,
        jobs: int,
        *,
        argv: list[str] | None = None,
        cwd: str | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.jobs = max(1, jobs)
        self.argv = argv or worker_argv()
        self.cwd = cwd
        self.env = env
        self.running: dict[str, _Running] = {}

    def run(
        self,
        jobs: Iterator[Job],
        on_done: Callable[[Result], None],
        *,
        deadline: float | None = None,
        on_tick: Callable[[int], None] | None = None,
    ) -> bool:
        """Run every job; False when the fleet deadline cut it short (the rest never started)."""
        pending = iter(jobs)
        exhausted = False
        try:
            while True:
                late = deadline is not None and time.monotonic() >= deadline
                while not exhausted and not late and len(self.running) < self.jobs:
                    job = next(pending, None)
                    if job is None:
                        exhausted = True
                        break
                    self._start(job)
                if late:
                    for running in list(self.running.values()):
                        self._terminate(running, time.monotonic())
                if not self.running:
                    return exhausted and not late
                self._poll(on_done)
                if on_tick is not None:
                    on_tick(len(self.running))
                time.sleep(POLL_SECONDS)
        except BaseException:
            self.stop_all()
            raise

    def _start(self, job: Job) -> None:
        # Files, not pipes: a worker that floods can never block on a full pipe. They
        # live as long as the worker and are closed when its result is read.
        stdout = tempfile.TemporaryFile()  # noqa: SIM115
        stderr = tempfile.TemporaryFile()  # noqa: SIM115
        process = subprocess.Popen(
            self.argv,
            stdin=subprocess.PIPE,
            stdout=stdout,
            stderr=stderr,
            cwd=self.cwd,
            env=self.env,
            start_new_session=True,
        )
        assert process.stdin is not None
        try:
            process.stdin.write(json.dumps(job.payload).encode())
            process.stdin.close()
        except BrokenPipeError:
            pass
        self.running[job.key] = _Running(job, process, stdout, stderr, time.monotonic())

    def _poll(self, on_done: Callable[[Result], None]) -> None:
        now = time.monotonic()
        for key, running in list(self.running.items()):
            code = running.process.poll()
            if code is None:
                if now - running.start > running.job.timeout:
                    self._terminate(running, now)
                continue
            kill_all(running.doomed)  # leftovers of a worker ended on time-out
            del self.running[key]
            on_done(self._result(running, code, now))

    def _terminate(self, running: _Running, now: float) -> None:
        """SIGTERM first; SIGKILL everything after the grace."""
        if running.term_at is None:
            running.term_at = now
            running.doomed = descendants(running.process.pid)
            signal_group(running.process.pid, signal.SIGTERM)
        elif now - running.term_at > GRACE_SECONDS:
            running.doomed = list({*running.doomed, *descendants(running.process.pid)})
            signal_group(running.process.pid, signal.SIGKILL)
            kill_all(running.doomed)

    def _result(self, running: _Running, code: int, now: float) -> Result:
        summary = _summary(running.stdout)
        tail = _tail(running.stderr)
        running.stdout.close()
        running.stderr.close()
        return Result(
            key=running.job.key,
            exit_code=code,
            summary=summary,
            stderr_tail=tail,
            seconds=round(now - running.start, 2),
            timed_out=running.term_at is not None,
        )

    def stop_all(self) -> None:
        """End every running worker (Ctrl-C): SIGTERM, a grace, then SIGKILL the rest."""
        now = time.monotonic()
        for running in self.running.values():
            self._terminate(running, now)
        end = now + GRACE_SECONDS
        while self.running and time.monotonic() < end:
            for key, running in list(self.running.items()):
                if running.process.poll() is not None:
                    kill_all(running.doomed)
                    self._close(key)
            time.sleep(POLL_SECONDS)
        for key, running in list(self.running.items()):
            running.doomed = list({*running.doomed, *descendants(running.process.pid)})
            signal_group(running.process.pid, signal.SIGKILL)
            kill_all(running.doomed)
            running.process.wait()
            self._close(key)

    def _close(self, key: str) -> None:
        running = self.running.pop(key)
        running.stdout.close()
        running.stderr.close()


def _summary(handle: IO[bytes]) -> dict[str, Any] | None:
    handle.seek(0)
    for line in reversed(handle.read(1 << 20).splitlines()):
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            return value
    return None


def _tail(handle: IO[bytes]) -> str:
    handle.seek(0, os.SEEK_END)
    size = handle.tell()
    handle.seek(max(0, size - TAIL_BYTES))
    return handle.read().decode("utf-8", "replace")
