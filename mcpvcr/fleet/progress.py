"""The fleet progress line on stderr: done/running/failed, throughput and ETA.

On a terminal it is rewritten in place; otherwise a plain line is printed when a
server finishes (at most every few seconds, and always for the last one).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from mcpvcr.terminal import clip, columns


class Progress:
    def __init__(self, total: int, stream: TextIO | None = None, interval: float = 5.0) -> None:
        self.total = total
        self.stream = stream or sys.stderr
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self.interval = interval
        self.start = time.monotonic()
        self.last = 0.0
        self.done = 0
        self.failed = 0
        self.skipped = 0
        self.launched_done = 0
        self.running = 0

    def finished(self, outcome: str, launched: bool) -> None:
        self.done += 1
        self.launched_done += launched
        self.failed += outcome in ("failed", "timeout", "incomplete")
        self.skipped += outcome == "skipped"
        self.show(force=self.done == self.total)

    def line(self) -> str:
        elapsed = max(time.monotonic() - self.start, 1e-6)
        rate = self.launched_done / elapsed * 60
        remaining = self.total - self.done
        eta = f"{remaining / rate * 60:.0f}s" if rate > 0 and remaining else "-"
        return (
            f"mcpvcr: fleet {self.done}/{self.total} done, {self.running} running, "
            f"{self.failed} failed, {self.skipped} skipped; {rate:.1f} servers/min, ETA {eta}"
        )

    def show(self, *, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < (0.2 if self.tty else self.interval):
            return
        self.last = now
        if self.tty:
            # Cut to the terminal's width: a wrapped line cannot be rewritten in place.
            self.stream.write("\r\033[K" + clip(self.line(), columns(self.stream) - 1))
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.tty:
            self.stream.write("\n")
            self.stream.flush()
