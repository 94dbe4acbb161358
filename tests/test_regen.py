"""`python -m tests.regen --check`: every golden file and committed cassette is what the code
produces today (CI runs the cassette half against the pinned real servers)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mcpvcr import codec
from tests import regen
from tests.builders import cassette, tool


def test_golden_files_are_current() -> None:
    assert regen.main(["--check", "golden"]) == 0


@pytest.mark.real_target("everything", "filesystem", "time")
def test_committed_cassettes_are_current() -> None:
    assert regen.main(["--check", "cassettes"]) == 0


def test_check_reports_a_stale_file_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stale = tmp_path / "golden.txt"
    stale.write_bytes(b"old\n")
    fake = regen.Artefact("fake", "golden", stale, lambda: b"new\n")
    monkeypatch.setattr(regen, "REPO", tmp_path)
    monkeypatch.setattr(regen, "artefacts", lambda: [fake])
    assert regen.main(["--check"]) == 1
    assert stale.read_bytes() == b"old\n"
    assert regen.main([]) == 0
    assert stale.read_bytes() == b"new\n"
    assert regen.main(["--check", "fake"]) == 0


def test_unknown_names_are_refused() -> None:
    with pytest.raises(SystemExit, match="unknown artefact"):
        regen.main(["--check", "nonesuch"])


def _recorded(latency: int, text: str) -> bytes:
    recorded = cassette(
        tools=[tool()],
        interactions=[
            {
                "method": "tools/call",
                "target": "clean_tool",
                "case": "valid",
                "params": {"name": "clean_tool", "arguments": {"arg": "n-1"}},
                "response": {"result": {"content": [{"type": "text", "text": text}]}},
                "outcome": "ok",
                "latencyMs": latency,
            }
        ],
        fuzz=True,
    )
    return codec.encode(recorded)


def test_cassettes_compare_up_to_the_measured_latency() -> None:
    artefact = regen.Artefact("c", "cassettes", Path("c.mcpvcr"), bytes, cassette=True)
    assert regen.same(artefact, _recorded(200, "a"), _recorded(1000, "a"))
    assert not regen.same(artefact, _recorded(200, "a"), _recorded(200, "b"))
    golden = regen.Artefact("g", "golden", Path("g.txt"), bytes)
    assert not regen.same(golden, _recorded(200, "a"), _recorded(1000, "a"))
