"""examples/ci/fleet.yml: its mcpvcr commands run as written (record a shard, merge, gate)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
WORKFLOW = (REPO / "examples" / "ci" / "fleet.yml").read_text()


def run_blocks() -> list[str]:
    """The shell text of every `run:` step that calls mcpvcr (folded and literal blocks)."""
    blocks = []
    lines = WORKFLOW.splitlines()
    for number, line in enumerate(lines):
        found = re.match(r"^(\s*)(?:- )?run: ?(.*)$", line)
        if not found:
            continue
        indent, rest = len(found.group(1)), found.group(2)
        if rest in (">", "|"):
            body = []
            for follow in lines[number + 1 :]:
                if follow.strip() and len(follow) - len(follow.lstrip()) <= indent:
                    break
                body.append(follow.strip())
            text = (" " if rest == ">" else "\n").join(part for part in body if part)
        else:
            text = rest
        if "mcpvcr " in text:
            blocks.append(text)
    return blocks


def sh(text: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["bash", "-eo", "pipefail", "-c", text],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_workflow_commands_run(tmp_path: Path) -> None:
    record, board, gate = run_blocks()
    assert "--shard auto" in record and "score shards/" in board and "gate fleet/baseline/" in gate
    (tmp_path / "fleet").mkdir()
    entries = [
        {"name": "io.example/no-launch", "version": "1"},
        {
            "name": "io.example/needs-key",
            "version": "1",
            "packages": [
                {
                    "registryType": "npm",
                    "identifier": "x",
                    "version": "1.0.0",
                    "environmentVariables": [{"name": "KEY", "isRequired": True}],
                }
            ],
        },
    ]
    (tmp_path / "fleet" / "servers.json").write_text(json.dumps(entries))
    summary = tmp_path / "summary.md"
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "MCPVCR_SHARD_INDEX": "0",
        "MCPVCR_SHARD_COUNT": "1",
        "GITHUB_STEP_SUMMARY": str(summary),
        "PYTHONPATH": str(REPO),
    }
    done = sh(record, tmp_path, env)
    assert done.returncode == 0, done.stderr
    shutil.copytree(tmp_path / "out", tmp_path / "shards" / "fleet-shard-0")
    done = sh(board, tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert "2 servers: 2 skipped" in summary.read_text()
    assert (tmp_path / "leaderboard.html").read_text().startswith("<!DOCTYPE html>")
    shutil.copytree(tmp_path / "out", tmp_path / "fleet" / "baseline")
    done = sh(gate, tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert "fleet gate passed" in summary.read_text()
