"""`probe_record` saves the connection's latest recording (issue 25, item 9)."""

from __future__ import annotations

import sys
from pathlib import Path

from mcpvcr import store
from tests.serve.test_probe_server import REPO, payload, run_probe

CONNECT = {
    "transport": "stdio",
    "command": sys.executable,
    "args": ["-m", "examples.demo_target"],
    "cwd": str(REPO),
}


def test_record_after_fuzz_saves_the_fuzzed_recording(tmp_path: Path) -> None:
    before, after = tmp_path / "before.mcpvcr", tmp_path / "after.mcpvcr"
    _, results = run_probe(
        [
            ("probe_connect", CONNECT),
            ("probe_record", {"path": str(before)}),  # mirror: nothing fuzzed yet
            ("probe_fuzz", {}),
            ("probe_record", {"path": str(after)}),
        ],
        "--allow-stdio",
        "--root",
        str(tmp_path),
    )
    _, _, saved_before, fuzzed, saved_after = results
    assert payload(saved_before)["fuzzed"] is False
    assert not store.load(before).fuzzed
    assert payload(fuzzed)["coverage"]
    assert payload(saved_after)["fuzzed"] is True
    recorded = store.load(after)
    assert recorded.fuzzed and len(recorded.interactions) > len(store.load(before).interactions)
