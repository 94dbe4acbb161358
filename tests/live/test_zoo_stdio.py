"""The recorder against the misbehaving-server zoo (tests/servers) and a broken fuzz pass."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from mcpvcr import store
from tests.live.helpers import REPO, run_mcpvcr


def zoo(mode: str, *args: str) -> str:
    return " ".join([sys.executable, "-m", "tests.servers", mode, *args])


def test_an_answer_left_unread_leaves_no_warning_behind(tmp_path: Path) -> None:
    out = tmp_path / "big.mcpvcr"
    run = run_mcpvcr(
        "record", "--fuzz", "--timeout", "2", "--stdio", zoo("big_answer"), "-o", str(out)
    )
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "Exception ignored" not in run.stderr


def test_malformed_contract_is_recorded_raw(tmp_path: Path) -> None:
    out = tmp_path / "mc.mcpvcr"
    run = run_mcpvcr("record", "--stdio", zoo("malformed_contract"), "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert store.load(out).tools  # nameless, schemaless and recursive tools kept as sent


def test_a_failing_fuzz_pass_keeps_the_contract_and_marks_it_incomplete(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import mcpvcr.live.exercise as exercise_module
    from mcpvcr.live import record
    from mcpvcr.recording import RecordOptions
    from mcpvcr.targets import stdio_target

    async def broken(*args: Any, **kwargs: Any) -> Any:
        raise RecursionError("maximum recursion depth exceeded")

    monkeypatch.setattr(exercise_module, "exercise", broken)
    cassette = record(stdio_target(zoo("paginated"), cwd=str(REPO)), RecordOptions(fuzz=True))
    assert cassette.complete is False
    assert cassette.header["incomplete"] == (
        "the fuzz pass failed: RecursionError: maximum recursion depth exceeded"
    )
    assert len(cassette.tools) == 25
