"""The pre-commit hook sees both cassette forms README recommends (issue 25, item 8)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from mcpvcr import store
from tests.diff.helpers import cassette, tool

REPO = Path(__file__).resolve().parents[2]


def _files_pattern() -> re.Pattern[str]:
    text = (REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8")
    found = re.search(r"^\s*files:\s*'([^']*)'\s*$", text, re.M)
    assert found, "the hook declares no files: pattern"
    return re.compile(found.group(1))


def test_hook_matches_msgpack_and_json_cassettes() -> None:
    pattern = _files_pattern()
    for name in ("server.mcpvcr", "cassettes/server.mcpvcr.json", "a/b.mcpvcr.json"):
        assert pattern.search(name), name


def test_hook_skips_other_files() -> None:
    """Mirror: plain JSON, backups and look-alikes are not cassettes."""
    pattern = _files_pattern()
    for name in ("package.json", "server.mcpvcr.bak", "server.mcpvcr.json.orig", "mcpvcr.toml"):
        assert not pattern.search(name), name


def _git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t", *args],
        cwd=repo,
        check=True,
        capture_output=True,
    )


def test_hook_gates_a_staged_json_cassette(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q")
    path = repo / "server.mcpvcr.json"
    store.save(cassette(tools=[tool("a"), tool("b")]), path)
    assert path.read_bytes().lstrip().startswith(b"{")
    _git(repo, "add", path.name)
    _git(repo, "commit", "-q", "-m", "baseline")
    hook = [sys.executable, "-m", "mcpvcr.ci_action", "--pre-commit", path.name]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    assert subprocess.run(hook, cwd=repo, env=env, capture_output=True).returncode == 0
    store.save(cassette(tools=[tool("a")]), path)
    done = subprocess.run(hook, cwd=repo, env=env, capture_output=True, text=True)
    assert done.returncode == 1 and "1 breaking change(s)" in done.stderr
