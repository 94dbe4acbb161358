"""Messages a new user meets are one line, honest and true (issue 25, item 10).

Port in use, an incomplete recording, SIGTERM, `--resume` counts, `lint --config` labels
and the README's size of the test targets. (verify's progress verb is tested with the
progress line in tests/live/test_progress_width.py.)
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.fleet.kit import demo, write_config
from tests.fleet.kit import mcpvcr as fleet_mcpvcr
from tests.live.helpers import fake_command, run_mcpvcr

REPO = Path(__file__).resolve().parent.parent
DEMO_CASSETTE = REPO / "cassettes" / "demo_target.mcpvcr"


def _stderr_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def test_port_in_use_is_one_mcpvcr_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = run_mcpvcr("replay", str(DEMO_CASSETTE), "--http", f"127.0.0.1:{port}", timeout=60)
    assert run.returncode == 3
    lines = _stderr_lines(run.stderr)
    assert lines == [
        f"mcpvcr: --http 127.0.0.1:{port}: the port is already in use (pick another port)"
    ]
    assert "Errno" not in run.stderr and "ERROR:" not in run.stderr


def test_incomplete_recording_is_reported_in_one_line(tmp_path: Path) -> None:
    out = tmp_path / "out.mcpvcr"
    run = run_mcpvcr("record", "--stdio", fake_command("die_listing"), "-o", str(out))
    assert run.returncode == 3
    lines = _stderr_lines(run.stderr)
    assert len(lines) == 2, run.stderr  # "recording ..." and the one error line
    assert lines[0].startswith("mcpvcr: recording ")
    assert "recording incomplete" in lines[1] and "crashing while listing" in lines[1]


def test_a_complete_recording_prints_no_error_line(tmp_path: Path) -> None:
    """Mirror: a good recording says where it went, nothing about an incomplete one."""
    out = tmp_path / "out.mcpvcr"
    run = run_mcpvcr("record", "--stdio", fake_command("paged"), "-o", str(out))
    assert run.returncode == 0, run.stderr
    assert "incomplete" not in run.stderr and out.exists()


def _interrupt(sig: signal.Signals, tmp_path: Path) -> tuple[int, str, Path]:
    out = tmp_path / "hang.mcpvcr"
    process = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", "record", "--stdio", fake_command("hang"), "-o", str(out)],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    time.sleep(2.5)  # the handshake waits on the hanging server
    process.send_signal(sig)
    _, stderr = process.communicate(timeout=30)
    return process.returncode, stderr, out


def test_sigterm_exits_143(tmp_path: Path) -> None:
    code, stderr, out = _interrupt(signal.SIGTERM, tmp_path)
    assert code == 143, stderr
    assert _stderr_lines(stderr)[-1] == "mcpvcr: terminated"
    assert not out.exists() and "Traceback" not in stderr


def test_ctrl_c_still_exits_130(tmp_path: Path) -> None:
    """Mirror: SIGINT keeps its own code."""
    code, stderr, _ = _interrupt(signal.SIGINT, tmp_path)
    assert code == 130, stderr
    assert _stderr_lines(stderr)[-1] == "mcpvcr: interrupted"


@pytest.mark.slow
def test_resume_says_how_many_it_reused(tmp_path: Path) -> None:
    config = write_config(tmp_path / "fleet.json", {"one": demo(), "two": demo()})
    out = tmp_path / "out"
    first = fleet_mcpvcr("record", "--config", config, "--all", "-o", str(out))
    assert first.returncode == 0, first.stderr
    assert "fleet: 2 recorded;" in first.stderr  # mirror: nothing to reuse yet
    again = fleet_mcpvcr("record", "--config", config, "--all", "-o", str(out), "--resume")
    assert again.returncode == 0, again.stderr
    assert "fleet: 0 recorded, 2 reused (unchanged since last run);" in again.stderr


def test_lint_config_labels_findings_with_the_server_name(tmp_path: Path) -> None:
    config = tmp_path / ".mcp.json"
    config.write_text(
        '{"mcpServers": {"files": {"command": "npx", "args": ["-y", "some-mcp-server"]},'
        ' "pinned": {"command": "npx", "args": ["-y", "some-mcp-server@1.2.3"]}}}',
        encoding="utf-8",
    )
    run = run_mcpvcr("lint", "--config", str(config))
    findings = [line for line in run.stdout.splitlines() if "config.unpinned_package" in line]
    assert findings and all("[server files]" in line for line in findings), run.stdout
    assert "[server]" not in run.stdout and "[server pinned]" not in run.stdout


def _du_megabytes(path: Path) -> float:
    done = subprocess.run(["du", "-sk", str(path)], capture_output=True, text=True, check=True)
    return int(done.stdout.split()[0]) / 1024


def test_readme_states_the_size_of_the_test_targets() -> None:
    readme = (REPO / "docs" / "ci.md").read_text(encoding="utf-8")  # README's tests section
    stated = re.search(r"into `\.targets/` \(about (\d+) MB", readme)
    assert stated, "docs/ci.md no longer states the size of .targets/"
    targets = Path(os.environ.get("MCPVCR_TARGETS_DIR") or REPO / ".targets")
    if not (targets / "conformance").is_dir():
        pytest.skip(f"{targets}: the test targets are not installed")
    measured = _du_megabytes(targets)
    assert abs(measured - int(stated.group(1))) <= 0.25 * measured, measured


@pytest.mark.slow
def test_sigterm_ends_a_fleet_with_143_and_leaves_no_server(tmp_path: Path) -> None:
    import uuid

    from tests.fleet.kit import alive_with_marker, entries, zoo

    key, value = "MCPVCR_FLEET_MARKER", uuid.uuid4().hex
    hang = ("hang_handshake", "--ignore-sigterm", "--ignore-eof")
    servers = {
        "a-demo": demo() | {"env": {key: value}},
        **{f"hang-{i}": zoo(*hang, env={key: value}) for i in range(2)},
    }
    config = write_config(tmp_path / "fleet.json", servers)
    out = tmp_path / "out"
    command = ["record", "--config", config, "--all", "-o", str(out), "--jobs", "3"]
    process = subprocess.Popen(
        [sys.executable, "-m", "mcpvcr", *command, "--timeout", "100"],
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    journal = out / "fleet-index.journal.jsonl"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "a-demo" not in (
        journal.read_text() if journal.exists() else ""
    ):
        time.sleep(0.2)
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 143, stderr
    assert _stderr_lines(stderr)[-1] == "mcpvcr: terminated"
    assert entries(out)["a-demo"]["outcome"] == "recorded"
    assert alive_with_marker(value) == []
