"""The progress line of a long recording, on stderr (pure: no mcp import).

A fuzz pass over a slow server can take minutes; silence looks like a hang. On a
terminal one line is rewritten in place (at most ten times a second), cut to the
terminal's width so it never wraps (a wrapped line cannot be rewritten: each
redraw would leave a copy above); the target's label is elided in the middle to
leave room for the counts. Elsewhere (CI logs, pipes) a plain line is printed
every `interval` seconds, so a log shows that work goes on without a line per
call. `--quiet` turns it off.

    mcpvcr: fuzzing npx -y @modelcon…/server-everything: tool 3/7 (divide), 18 calls, 4.2 s
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import IO, Any

from mcpvcr.terminal import clip, columns, elide, one_line, width

TTY_REFRESH = 0.1
"""Seconds between rewrites of the line on a terminal."""
PLAIN_INTERVAL = 5.0
"""Seconds between plain lines when stderr is not a terminal (MCPVCR_PROGRESS_SECONDS)."""
INTERVAL_ENV = "MCPVCR_PROGRESS_SECONDS"
LABEL_CELLS = 40
"""A target's label (often a whole command line) is elided to this many cells."""
TOOL_CELLS = 30
"""The current tool's name is elided to this many cells."""

_COUNTED = ("tools/call", "resources/read", "prompts/get")


class Progress:
    """Counts answered calls of the behavioural pass and shows where it is."""

    def __init__(
        self,
        stream: IO[str],
        *,
        label: str,
        total_tools: int,
        interval: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        verb: str = "fuzzing",
    ) -> None:
        self.stream = stream
        self.label = elide(one_line(label), LABEL_CELLS)
        self.verb = verb
        self.total_tools = total_tools
        self.clock = clock
        isatty = getattr(stream, "isatty", None)
        self.tty = bool(isatty and isatty())
        if interval is None:
            interval = _env_interval()
        self.interval = TTY_REFRESH if self.tty else interval
        self.started = clock()
        self.calls = 0
        self.tools: dict[str, None] = {}
        self.current = ""
        self._last_shown: float | None = None
        self._shown_any = False

    def answered(self, method: str, params: dict[str, Any] | None) -> None:
        """One request of the pass got its answer (or timed out)."""
        if method not in _COUNTED:
            return
        self.calls += 1
        if method == "tools/call" and isinstance(params, dict):
            name = params.get("name")
            if isinstance(name, str):
                self.tools.setdefault(name, None)
                self.current = name
        self.tick()

    def tick(self) -> None:
        """Show the line when it is due (also called on a timer: a hung call still shows)."""
        now = self.clock()
        since = now - (self.started if self._last_shown is None else self._last_shown)
        if since >= self.interval:
            self._show(now)

    def line(self, now: float | None = None) -> str:
        elapsed = (self.clock() if now is None else now) - self.started
        where = f"tool {len(self.tools)}/{self.total_tools}"
        if self.current:
            where += f" ({elide(one_line(self.current), TOOL_CELLS)})"
        calls = f"{self.calls} calls answered"
        return f"mcpvcr: {self.verb} {self.label}: {where}, {calls}, {elapsed:.1f} s"

    def fitted(self, now: float | None = None) -> str:
        """The line in one row of the terminal (one cell spare: no auto-wrap at the margin)."""
        cells = columns(self.stream) - 1
        text = self.line(now)
        if width(text) <= cells:
            return text
        # Shrink the label first (the counts are what changes), then cut what is left.
        spare = width(text) - cells
        label = elide(self.label, max(8, width(self.label) - spare))
        text = text.replace(f" {self.label}: ", f" {label}: ", 1)
        return clip(text, cells)

    def finish(self) -> None:
        """End the pass: the terminal line gets its newline; a log gets a closing line."""
        if not self._shown_any:
            return
        if self.tty:
            self.stream.write("\n")
        else:
            self.stream.write(self.line() + "\n")
        self.stream.flush()

    def _show(self, now: float) -> None:
        self._last_shown = now
        self._shown_any = True
        if self.tty:
            self.stream.write("\r" + self.fitted(now) + "\x1b[K")
        else:
            self.stream.write(self.line(now) + "\n")
        self.stream.flush()


def _env_interval() -> float:
    """PLAIN_INTERVAL, or MCPVCR_PROGRESS_SECONDS when it is a positive number."""
    try:
        value = float(os.environ.get(INTERVAL_ENV, ""))
    except ValueError:
        return PLAIN_INTERVAL
    return value if value > 0 else PLAIN_INTERVAL
