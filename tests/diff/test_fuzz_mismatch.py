"""gate/diff between a fuzzed and an unfuzzed cassette say so and compare scores like for like."""

from __future__ import annotations

from pathlib import Path

from mcpvcr import store
from mcpvcr.diff import diff, fuzz_mismatch
from tests.builders import call, cassette, tool_error
from tests.live.helpers import run_mcpvcr


def _pair(tmp_path: Path) -> tuple[Path, Path]:
    # A fuzzed baseline whose behaviour is poor (silent accepts, slow) and the same contract
    # recorded without --fuzz: the overall score must not "improve" just by skipping the fuzz.
    fuzzed = cassette(
        fuzz=True,
        interactions=[
            call(latency=4000),
            call(case="wrong_type", outcome="ok", flags=["silentlyAccepted"], latency=4000),
            call(case="missing_required", response=tool_error(), outcome="toolError"),
        ],
    )
    old, new = tmp_path / "old.mcpvcr", tmp_path / "new.mcpvcr"
    store.save(fuzzed, str(old))
    store.save(cassette(), str(new))
    return old, new


def test_the_diff_notes_the_mismatch_and_only_then(tmp_path: Path) -> None:
    old, new = _pair(tmp_path)
    a, b = store.load(str(old)), store.load(str(new))
    note = fuzz_mismatch(a, b)
    assert note and "old cassette is fuzzed and the new one is not" in note
    assert note in diff(a, b).notes
    assert fuzz_mismatch(a, a) is None and fuzz_mismatch(b, b) is None
    assert not any("fuzzed" in n for n in diff(b, b).notes)


def test_gate_warns_on_stderr_and_in_the_pr_comment(tmp_path: Path) -> None:
    old, new = _pair(tmp_path)
    comment = tmp_path / "comment.md"
    run = run_mcpvcr(
        "gate", str(old), str(new), "--max-score-drop", "0", "--markdown", str(comment)
    )
    assert "warning: the old cassette is fuzzed and the new one is not" in run.stderr
    assert "fuzzed and the new one is not" in comment.read_text()
    # like for like: both sides scored on Metadata and Schema Quality only, so no score change
    assert "baseline" in run.stderr and "(+0)" in run.stderr, run.stderr
    assert run.returncode == 0, run.stderr


def test_gate_between_two_fuzzed_cassettes_compares_behaviour(tmp_path: Path) -> None:
    old, _new = _pair(tmp_path)
    better = cassette(fuzz=True, interactions=[call(latency=10)])
    new = tmp_path / "better.mcpvcr"
    store.save(better, str(new))
    run = run_mcpvcr("gate", str(old), str(new), "--max-score-drop", "0")
    assert "warning" not in run.stderr
    assert "(+0)" not in run.stderr  # behaviour differs, and is compared
