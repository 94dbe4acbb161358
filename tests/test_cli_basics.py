"""The command line: help, version, show, git install, and one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mcpvcr import __version__, store
from mcpvcr.cli import COMMANDS, run
from tests.builders import cassette

REPO = Path(__file__).resolve().parent.parent


def sample(path: Path, description: str = "Adds two numbers.") -> Path:
    store.save(cassette(tools=[{"name": "add", "description": description}]), path)
    return path


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_help(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert run([name, "--help"]) == 0
    assert "Usage: mcpvcr" in capsys.readouterr().out


def test_unknown_command_and_bad_flag_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["bogus"]) == 2
    assert run(["show", "--no-such-flag", "x"]) == 2
    assert "Traceback" not in capsys.readouterr().err


def test_show_prints_canonical_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sample(tmp_path / "a.mcpvcr")
    assert run(["show", str(path)]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["format"] == 1
    assert document["body"]["tools"]["items"][0]["name"] == "add"
    assert document["header"]["protocolVersion"] == "2025-11-25"


def test_show_escapes_terminal_sequences(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    hostile = "ok\x1b[2J\x1b]0;pwned\x07 \u202eevil\u202c \U000e0041tag"
    path = sample(tmp_path / "esc.mcpvcr", description=hostile)
    assert run(["show", str(path)]) == 0
    out = capsys.readouterr().out
    for raw in ("\x1b", "\x07", "\u202e", "\U000e0041"):
        assert raw not in out
    assert json.loads(out)["body"]["tools"]["items"][0]["description"] == hostile


def test_show_of_a_bad_file_is_one_line_exit_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.mcpvcr"
    bad.write_bytes(b"\x00garbage")
    assert run(["show", str(bad)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(bad) in err


def test_textconv_never_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.mcpvcr"
    bad.write_bytes(b"not a cassette at all")
    assert run(["show", "--textconv", str(bad)]) == 0
    assert "<undecodable cassette bad.mcpvcr" in capsys.readouterr().out
    assert run(["show", "--textconv", str(tmp_path / "missing.mcpvcr")]) == 0
    assert "<unreadable cassette" in capsys.readouterr().out


def git(cwd: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(cwd)}
    done = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_git_install_makes_git_diff_readable(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "t@example.invalid")
    git(repo, "config", "user.name", "t")
    # git diff must work from a shell where the venv is not on PATH: no `mcpvcr` to find
    bin_dir = str(Path(sys.executable).parent)
    path = [p for p in os.environ["PATH"].split(os.pathsep) if p != bin_dir]
    env = {**os.environ, "HOME": str(repo), "PATH": os.pathsep.join(path)}
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "git", "install"], cwd=repo, env=env, capture_output=True
    )
    assert done.returncode == 0, done.stderr
    textconv = git(repo, "config", "diff.mcpvcr.textconv").strip()
    assert textconv.startswith(sys.executable) and textconv.endswith("-m mcpvcr show --textconv")
    assert "*.mcpvcr binary diff=mcpvcr" in (repo / ".gitattributes").read_text()
    sample(repo / "s.mcpvcr", "Adds two numbers.")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "one")
    sample(repo / "s.mcpvcr", "Adds two numbers and more.")
    diff = subprocess.run(["git", "diff"], cwd=repo, env=env, capture_output=True, text=True)
    assert diff.returncode == 0, diff.stderr
    assert '-          "description": "Adds two numbers.",' in diff.stdout
    assert '+          "description": "Adds two numbers and more.",' in diff.stdout


def test_git_sees_cassettes_as_binary_without_the_driver(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    git(repo, "config", "user.email", "t@example.invalid")
    git(repo, "config", "user.name", "t")
    (repo / ".gitattributes").write_text("*.mcpvcr binary diff=mcpvcr\n")
    sample(repo / "s.mcpvcr", "one")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "one")
    sample(repo / "s.mcpvcr", "two")
    assert "Binary files" in git(repo, "diff")


def test_python_dash_m_runs_the_cli() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mcpvcr", "--version"], capture_output=True, text=True, cwd=REPO
    )
    assert done.returncode == 0 and __version__ in done.stdout
