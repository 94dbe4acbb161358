"""Record a fleet: specs -> shard filter -> resume check -> the pool -> index and summary.

Memory stays flat in the number of servers recorded: cassettes are written by
the workers and never loaded here; the runner keeps one small index entry per
server and the progress counters.
"""

from __future__ import annotations

import os
import shlex
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from mcpvcr._version import __version__
from mcpvcr.errors import Terminated, UsageError
from mcpvcr.fleet import sandbox
from mcpvcr.fleet.index import Journal, cassette_path, read_index, write_index
from mcpvcr.fleet.pool import Job, Pool, Result
from mcpvcr.fleet.progress import Progress
from mcpvcr.fleet.shard import Shard
from mcpvcr.fleet.spec import ServerSpec

PREPARE_SECONDS = 600.0


@dataclass(frozen=True, kw_only=True)
class Settings:
    output: str
    jobs: int
    sandbox: str = "none"
    record_args: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    """What the launch-spec hash covers of the recording options."""
    server_timeout: float = 300.0
    fleet_timeout: float | None = None
    resume: bool = False
    shard: Shard | None = None
    input_sha256: str = ""
    worker_argv: tuple[str, ...] = ()


@dataclass
class Outcome:
    counts: dict[str, int] = field(default_factory=dict)
    complete: bool = True
    interrupted: bool = False
    terminated: bool = False
    """Interrupted by SIGTERM (exit 143) rather than Ctrl-C (130)."""
    reused: int = 0
    """Servers --resume kept from the last run (counted under `recorded` too)."""

    def add(self, outcome: str) -> None:
        self.counts[outcome] = self.counts.get(outcome, 0) + 1

    def describe(self) -> str:
        """`2 recorded, 4 reused (unchanged since the last run), 1 failed`, or `nothing`."""
        parts = []
        for name, count in sorted(self.counts.items()):
            if name == "recorded" and self.reused:
                fresh = count - self.reused
                parts.append(f"{fresh} recorded, {self.reused} reused (unchanged since last run)")
            else:
                parts.append(f"{count} {name}")
        return ", ".join(parts) or "nothing"


def default_jobs() -> int:
    """Servers mostly wait on I/O, so twice the CPUs (at least 2, at most 16)."""
    return max(2, min(16, 2 * (os.cpu_count() or 1)))


def run_fleet(
    specs: Sequence[ServerSpec], settings: Settings, stream: TextIO | None = None
) -> Outcome:
    """Record every spec of this shard into settings.output; return the counts."""
    return _FleetRun(specs, settings, stream).run()


class _FleetRun:
    """One fleet recording: the index entries, the journal, the progress line and the pool."""

    def __init__(self, specs: Sequence[ServerSpec], settings: Settings, stream: TextIO | None):
        self.settings = settings
        self.out = Path(settings.output)
        if self.out.exists() and not self.out.is_dir():
            raise UsageError(
                f"-o {settings.output}: not a directory (a fleet writes one cassette per server)"
            )
        self.mine = [s for s in specs if settings.shard is None or settings.shard.owns(s.key)]
        self.by_key = {s.key: s for s in self.mine}
        if len(self.by_key) != len(self.mine):
            raise UsageError("two servers share one name; names must be unique in a fleet")
        self.out.mkdir(parents=True, exist_ok=True)
        old_header, self.prior = read_index(self.out)
        self.header = {
            "mcpvcr": __version__,
            "shard": settings.shard.label() if settings.shard else None,
            "inputSha256": settings.input_sha256,
            "sandbox": settings.sandbox,
        }
        # Servers no longer in the input are dropped; unfinished ones keep their last entry.
        self.entries = {k: e for k, e in self.prior.items() if k in self.by_key}
        write_index(self.out, old_header or self.header, self.entries.values())
        self.journal = Journal(self.out)
        self.progress = Progress(len(self.mine), stream)
        self.pool = Pool(settings.jobs, argv=list(settings.worker_argv) or None)
        self.result = Outcome()

    def run(self) -> Outcome:
        timeout = self.settings.fleet_timeout
        deadline = time.monotonic() + timeout if timeout else None
        try:
            self.result.complete = self.pool.run(
                self._jobs(), self._done, deadline=deadline, on_tick=self._tick
            )
        except KeyboardInterrupt as err:
            self.result.interrupted = True
            self.result.terminated = isinstance(err, Terminated)
            self.result.complete = False
        finally:
            self.journal.close()
            self.progress.close()
            write_index(self.out, self.header, self.entries.values())
        return self.result

    def _finish(self, entry: dict[str, Any], launched: bool) -> None:
        self.entries[entry["key"]] = entry
        self.journal.append(entry)
        self.result.add(entry["outcome"])
        self.progress.finished(entry["outcome"], launched)

    def _launch_order(self) -> list[ServerSpec]:
        """Slowest first, by the time each took last run (new servers before all of them):
        a long server started last would leave the other slots idle at the end."""

        def last_seconds(spec: ServerSpec) -> float:
            seconds = self.prior.get(spec.key, {}).get("seconds")
            return float(seconds) if isinstance(seconds, int | float) else float("inf")

        return sorted(self.mine, key=lambda spec: -last_seconds(spec))

    def _jobs(self) -> Iterator[Job]:
        for spec in self._launch_order():
            identity = _identity(spec, self.settings)
            if spec.skip is not None:
                skip = {"cassette": None, "outcome": "skipped", "reason": spec.skip}
                self._finish({**identity, **skip, "missing": list(spec.missing)}, False)
                continue
            old = self.prior.get(spec.key)
            if self.settings.resume and old is not None and _unchanged(old, identity, self.out):
                self.result.reused += 1
                self._finish(old, False)
                continue
            payload = _payload(spec, self.settings, self.out)
            yield Job(spec.key, payload, _timeout(spec, self.settings))

    def _done(self, res: Result) -> None:
        self.progress.running = len(self.pool.running)
        self._finish(_entry(self.by_key[res.key], self.settings, res), True)

    def _tick(self, running: int) -> None:
        self.progress.running = running
        self.progress.show()


def _identity(spec: ServerSpec, settings: Settings) -> dict[str, Any]:
    return {
        "key": spec.key,
        "name": spec.name,
        "version": spec.version,
        "source": spec.source,
        "specHash": spec.spec_hash(settings.sandbox, settings.options),
        "mcpvcr": __version__,
        "cassette": f"{spec.stem()}.mcpvcr",
    }


def _unchanged(old: dict[str, Any], identity: dict[str, Any], out: Path) -> bool:
    """Same identity and mcpvcr version, recorded, and the cassette still the one indexed."""
    if old.get("outcome") != "recorded":
        return False
    if any(old.get(k) != identity[k] for k in ("name", "version", "specHash", "mcpvcr")):
        return False
    from mcpvcr.fleet.summary import sha256

    try:
        path = cassette_path(out, old["cassette"], str(old.get("key", "")))
        return sha256(path.read_bytes()) == old.get("cassetteSha256")
    except (OSError, UsageError):
        return False


def _payload(spec: ServerSpec, settings: Settings, out: Path) -> dict[str, Any]:
    mode = settings.sandbox if spec.wrap else "none"
    argv = sandbox.wrap(spec.argv, mode) if spec.transport == "stdio" else ()
    return {
        "transport": spec.transport,
        "argv": list(argv),
        "env": dict(spec.env),
        "cwd": spec.cwd,
        "url": spec.url,
        "headers": dict(spec.headers),
        "prepare": [list(step) for step in spec.prepare],
        "prepareTimeout": PREPARE_SECONDS,
        "output": str(out / f"{spec.stem()}.mcpvcr"),
        "recordArgs": _record_args(spec, settings),
        "label": spec.name,
        "secrets": sorted(spec.secrets),
    }


def _record_args(spec: ServerSpec, settings: Settings) -> list[str]:
    """A registry remote is someone's production service: recorded contract-only."""
    if spec.source == "registry" and spec.transport != "stdio":
        return [a for a in settings.record_args if a not in ("--fuzz", "--fuzz-destructive")]
    return list(settings.record_args)


def _timeout(spec: ServerSpec, settings: Settings) -> float:
    return settings.server_timeout + (PREPARE_SECONDS if spec.prepare else 0.0)


def _entry(spec: ServerSpec, settings: Settings, res: Result) -> dict[str, Any]:
    entry: dict[str, Any] = {**_identity(spec, settings), "seconds": res.seconds}
    summary = res.summary or {}
    written = bool(summary.get("written"))
    if res.timed_out:
        outcome = "timeout"
        reason = f"no result within the per-server time-out ({_timeout(spec, settings):g}s)"
    elif res.exit_code == 0 and written:
        outcome, reason = "recorded", None
    elif written:
        outcome, reason = "incomplete", _reason(spec, res)
    else:
        outcome, reason = "failed", _reason(spec, res)
    entry["outcome"] = outcome
    entry["sandbox"] = sandbox.applied(
        settings.sandbox, transport=spec.transport, wrap=spec.wrap, argv=spec.argv
    )
    if spec.prepare:
        entry["install"] = sandbox.INSTALL_NOTE
    if reason:
        entry["reason"] = reason
    if written:
        keep = (
            "grade",
            "score",
            "dimensions",
            "securityErrors",
            "tools",
            "coverage",
            "cassetteSha256",
            "scoreError",
        )
        entry.update({k: summary[k] for k in keep if k in summary})
    else:
        entry["cassette"] = None
    return entry


def _reason(spec: ServerSpec, res: Result) -> str:
    """The worker's last `mcpvcr:` line, with the long stdio label replaced by the name."""
    lines = [line for line in res.stderr_tail.splitlines() if line.startswith("mcpvcr: ")]
    text = (
        lines[-1].removeprefix("mcpvcr: ") if lines else f"the worker exited with {res.exit_code}"
    )
    if spec.argv:
        for argv in (sandbox.wrap(spec.argv, "netns"), sandbox.wrap(spec.argv, "bwrap"), spec.argv):
            text = text.replace(f"stdio:{shlex.join(argv)}", spec.name)
    return text[:500]


def echo(text: str) -> None:
    sys.stderr.write(text + "\n")
