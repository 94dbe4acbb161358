"""The pytest `mcpvcr_verify` fixture: record a baseline on the first run, verify after."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

TEST_FILE = """
import pytest

@pytest.mark.mcpvcr_verify("baselines/server.mcpvcr", stdio={command!r}{extra})
def test_server(mcpvcr_verify):
    print("recorded" if mcpvcr_verify.recorded else f"verified {{len(mcpvcr_verify.changes)}}")
"""


def run_pytest(
    folder: Path, release: int, *options: str, extra: str = ""
) -> subprocess.CompletedProcess[str]:
    command = f"{sys.executable} -m tests.servers versioned --release {release}"
    (folder / "test_server.py").write_text(TEST_FILE.format(command=command, extra=extra))
    (folder / "pytest.ini").write_text("[pytest]\n")
    env_path = f"PYTHONPATH={REPO}"
    return subprocess.run(
        [
            "env",
            env_path,
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-s",
            "-p",
            "no:cacheprovider",
            *options,
        ],
        cwd=folder,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


def test_first_run_records_then_verify_passes_and_catches_a_change(tmp_path: Path) -> None:
    first = run_pytest(tmp_path, 1)
    assert first.returncode == 0, first.stdout + first.stderr
    assert "recorded" in first.stdout
    assert (tmp_path / "baselines" / "server.mcpvcr").is_file()
    again = run_pytest(tmp_path, 1)
    assert again.returncode == 0, again.stdout
    assert "verified 0" in again.stdout
    changed = run_pytest(tmp_path, 2)
    assert changed.returncode == 1
    assert "behaviour changed against" in changed.stdout
    assert "behaviour.valid_call.now_fails" in changed.stdout


def test_record_mode_none_needs_a_baseline_and_all_rewrites_it(tmp_path: Path) -> None:
    missing = run_pytest(tmp_path, 1, "--mcpvcr-record-mode", "none")
    assert missing.returncode == 1
    assert "no baseline" in missing.stdout
    assert run_pytest(tmp_path, 1).returncode == 0  # once: records
    rewritten = run_pytest(tmp_path, 2, extra=", record_mode='all'")
    assert rewritten.returncode == 0, rewritten.stdout
    assert run_pytest(tmp_path, 2, "--mcpvcr-record-mode", "none").returncode == 0
