"""Re-recording an HTTP replay gives the original's diagnostics: the replay's 405 to the
SDK's GET stream is the spec's own answer, not an HTTP error of the server."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from mcpvcr import store
from tests.replay.test_modes import REPO


@pytest.mark.real_target("everything")
def test_recording_a_replay_of_an_http_cassette_adds_no_http_error(tmp_path: Path) -> None:
    from tests.targets import everything_http_command, run_in_netns

    folder = shlex.quote(str(tmp_path))
    script = f"""
{everything_http_command(3130)} > {folder}/server.log 2>&1 &
wait_port 3130 30
"$MCPVCR_PYTHON" -m mcpvcr record http://127.0.0.1:3130/mcp -o {folder}/c1.mcpvcr
"$MCPVCR_PYTHON" -m mcpvcr replay {folder}/c1.mcpvcr --http 127.0.0.1:3131 --no-latency &
wait_port 3131
"$MCPVCR_PYTHON" -m mcpvcr record http://127.0.0.1:3131/mcp -o {folder}/c2.mcpvcr
"""
    result = run_in_netns(script, timeout=180, cwd=REPO)
    assert result.returncode == 0 and not result.timed_out, result.stderr[-3000:]
    original, again = store.load(tmp_path / "c1.mcpvcr"), store.load(tmp_path / "c2.mcpvcr")
    assert original.body["diagnostics"].get("httpAnswers") == ["sse"]
    assert again.body["diagnostics"] == original.body["diagnostics"]
