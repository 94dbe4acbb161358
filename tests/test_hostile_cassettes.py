"""Hostile cassettes (from pull requests nobody reviewed) against every command.

Each gets exit 3 and one line naming the file, in bounded time, with no
traceback; strings that carry terminal escape sequences never reach the
terminal raw.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.cli import run
from tests.builders import cassette
from tests.test_codec import HOSTILE

COMMANDS = {
    "show": ["show", "{bad}"],
    "lint": ["lint", "{bad}"],
    "score": ["score", "{bad}"],
    "diff old": ["diff", "{bad}", "{good}"],
    "diff new": ["diff", "{good}", "{bad}"],
    "gate": ["gate", "{good}", "{bad}"],
    "replay": ["replay", "{bad}"],
}


def good_cassette(path: Path, text: str = "Reads one record by id.") -> Path:
    schema = {"type": "object", "properties": {text: {"type": "string"}}}
    tools = [{"name": text, "description": text, "inputSchema": schema}]
    store.save(cassette(tools=tools, server_info={"name": text, "version": "1"}), path)
    return path


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_hostile_cassette_is_one_line_exit_3(
    command: str, kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "hostile.mcpvcr"
    bad.write_bytes(HOSTILE[kind])
    good = good_cassette(tmp_path / "good.mcpvcr")
    argv = [part.format(bad=bad, good=good) for part in COMMANDS[command]]
    assert run(argv) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert str(bad) in captured.err and "Traceback" not in captured.err


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_hostile_cassette_in_a_fresh_process_is_fast_and_quiet(
    command: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bomb.mcpvcr"
    bad.write_bytes(HOSTILE["nesting bomb"])
    good = good_cassette(tmp_path / "good.mcpvcr")
    argv = [part.format(bad=bad, good=good) for part in COMMANDS[command]]
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", *argv],
        capture_output=True,
        text=True,
        timeout=5,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode == 3
    assert "Traceback" not in done.stderr and done.stderr.count("\n") == 1


ESCAPES = "\x1b[2J\x1b]0;owned\x07\u202egnp.exe\u202c\U000e0041\x9b31m"

READERS = {
    "show": ["show", "{a}"],
    "lint": ["lint", "{a}"],
    "score markdown": ["score", "{a}"],
    "score html": ["score", "{a}", "--format", "html"],
    "diff": ["diff", "{b}", "{a}"],
    "gate": ["gate", "{b}", "{a}", "--markdown", "{md}"],
}


@pytest.mark.parametrize("command", sorted(READERS))
def test_escape_sequences_never_reach_the_terminal_raw(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = good_cassette(tmp_path / "a.mcpvcr", f"evil{ESCAPES}tool")
    b = good_cassette(tmp_path / "b.mcpvcr")
    md = tmp_path / "comment.md"
    argv = [part.format(a=a, b=b, md=md) for part in READERS[command]]
    assert run(argv) in (0, 1)
    captured = capsys.readouterr()
    written = md.read_text(encoding="utf-8") if md.exists() else ""
    for text in (captured.out, captured.err, written):
        for raw in ("\x1b", "\x07", "\x9b", "\u202e", "\U000e0041"):
            assert raw not in text, (command, repr(raw))
