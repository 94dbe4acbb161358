"""The progress line fits the terminal and redraws one row (issue 25, items 3 and 10).

A line wider than the terminal wraps, and `\\r` then returns only to the start of its
last row: every redraw leaves a copy above. A small terminal model counts the rows
that hold a progress line after the output is played into a 100-column screen.
"""

from __future__ import annotations

import fcntl
import io
import os
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from mcpvcr.progress import Progress
from mcpvcr.terminal import char_width, elide, width

REPO = Path(__file__).resolve().parents[2]
COLUMNS = 100
LONG = "npx -y @modelcontextprotocol/server-everything@2025.9.25 " + "--flag=" + "v" * 120
ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def screen(output: str, columns: int = COLUMNS) -> list[str]:
    """The rows a terminal `columns` wide shows after `output` (auto-wrap at the margin)."""
    rows: list[list[str]] = [[]]
    row = col = 0
    index = 0
    while index < len(output):
        match = ESCAPE.match(output, index)
        if match:
            if match.group().endswith("K"):
                del rows[row][col:]
            index = match.end()
            continue
        char = output[index]
        index += 1
        if char == "\r":
            col = 0
        elif char == "\n":
            row, col = row + 1, 0
        else:
            if col + char_width(char) > columns:
                row, col = row + 1, 0
            while len(rows) <= row:
                rows.append([])
            line = rows[row]
            line.extend([" "] * (col - len(line)))
            line[col : col + 1] = [char]
            col += char_width(char)
        while len(rows) <= row:
            rows.append([])
    return ["".join(r) for r in rows]


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


class _Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _drive(progress: Progress, clock: _Clock, calls: int) -> None:
    for step in range(calls):
        clock.now += 0.2
        progress.answered("tools/call", {"name": f"tool_with_a_long_name_{step % 7}" * 2})
    progress.finish()


def test_redraws_stay_on_one_row_of_a_100_column_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", str(COLUMNS))
    clock, out = _Clock(), _Tty()
    progress = Progress(out, label=f"stdio:{LONG}", total_tools=7, clock=clock)
    _drive(progress, clock, 30)
    rows = [row for row in screen(out.getvalue()) if "mcpvcr: fuzzing" in row]
    assert len(rows) == 1, rows
    assert width(rows[0]) < COLUMNS
    assert "…" in rows[0] and LONG not in out.getvalue()
    assert "30 calls answered" in rows[0]


def test_the_screen_model_sees_stacked_copies_of_a_wrapping_line() -> None:
    """Mirror: the unfitted line (the old behaviour) stacks copies on the same screen."""
    clock, out = _Clock(), _Tty()
    progress = Progress(out, label="x", total_tools=7, clock=clock)
    for step in range(10):
        out.write("\r" + progress.line(step) + " " + LONG + "\x1b[K")
    rows = [row for row in screen(out.getvalue()) if "mcpvcr: fuzzing" in row]
    assert len(rows) == 10


def test_narrow_and_wide_character_terminals(monkeypatch: pytest.MonkeyPatch) -> None:
    for columns in (40, 60, 100):
        monkeypatch.setenv("COLUMNS", str(columns))
        clock, out = _Clock(), _Tty()
        label = "stdio:" + "服务器" * 30 + LONG
        _drive(Progress(out, label=label, total_tools=3, clock=clock), clock, 12)
        rows = [row for row in screen(out.getvalue(), columns) if "mcpvcr:" in row]
        assert len(rows) == 1 and width(rows[0]) < columns, rows


def test_plain_lines_when_not_a_terminal_and_no_command_line() -> None:
    clock, out = _Clock(), io.StringIO()
    progress = Progress(out, label=f"stdio:{LONG}", total_tools=7, clock=clock, interval=1.0)
    _drive(progress, clock, 30)
    lines = out.getvalue().splitlines()
    assert 5 <= len(lines) <= 8  # one per second of the 6 s pass, and a closing line
    assert all("\r" not in line and "\x1b" not in line for line in lines)
    assert all(LONG not in line and len(line) < 140 for line in lines)


def test_elide_keeps_both_ends() -> None:
    assert elide("abcdefghij", 5) == "ab…ij"
    assert elide("short", 10) == "short"
    assert width(elide("服务器" * 10, 9)) <= 9


def _pty_run(args: list[str], cwd: Path) -> str:
    """Run `mcpvcr ARGS` with stderr on a pseudo-terminal of COLUMNS columns."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, COLUMNS, 0, 0))
    env = {**os.environ, "COLUMNS": "", "PYTHONUNBUFFERED": "1"}
    env.pop("COLUMNS")
    process = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", *args],
        stdin=subprocess.DEVNULL,
        stdout=slave,
        stderr=slave,
        cwd=cwd,
        env=env,
    )
    os.close(slave)
    chunks: list[bytes] = []
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        elif process.poll() is not None:
            break
    process.wait(timeout=30)
    os.close(master)
    assert process.returncode == 0, b"".join(chunks).decode(errors="replace")
    return b"".join(chunks).decode("utf-8", errors="replace")


SLOW_PROXY = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-m", "examples.demo_target"], stdin=subprocess.PIPE)
for line in sys.stdin.buffer:
    time.sleep(0.15)  # a slow server: the fuzz pass takes seconds, the line is redrawn
    child.stdin.write(line)
    child.stdin.flush()
child.stdin.close()
child.wait()
"""


@pytest.mark.slow
def test_a_fuzz_pass_in_a_100_column_pty_leaves_one_progress_row(tmp_path: Path) -> None:
    proxy = tmp_path / "slow_demo.py"
    proxy.write_text(SLOW_PROXY, encoding="utf-8")
    command = f"env MCPVCR_PADDING={'p' * 150} {sys.executable} {proxy}"
    cassette = tmp_path / "demo.mcpvcr"
    output = _pty_run(["record", "--fuzz", "--stdio", command, "-o", str(cassette)], REPO)
    assert output.count("\r") >= 5, output  # the line was redrawn many times
    rows = [row for row in screen(output) if "mcpvcr: fuzzing" in row]
    assert len(rows) == 1, rows
    assert "p" * 150 not in rows[0]
    # verify's pass says what it does (item 10): "verifying", not "fuzzing".
    verified = _pty_run(["verify", str(cassette), "--stdio", command], REPO)
    rows = [row for row in screen(verified) if "mcpvcr: verifying" in row]
    assert len(rows) == 1, verified
    assert "mcpvcr: fuzzing" not in verified
