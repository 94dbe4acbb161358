"""Finding 8: writes never replace a special file, keep an existing file's mode,
and create new files 0644 (0600 for serve)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from mcpvcr import store
from mcpvcr.errors import CassetteError
from tests.live.helpers import REPO, run_mcpvcr

DEMO = REPO / "cassettes" / "demo_target.mcpvcr"


def test_markdown_to_a_symlink_keeps_the_link(tmp_path: Path) -> None:
    real = tmp_path / "real.md"
    real.write_text("old")
    link = tmp_path / "link.md"
    link.symlink_to(real)
    run = run_mcpvcr("gate", str(DEMO), str(DEMO), "--markdown", str(link))
    assert run.returncode == 0, run.stderr
    assert link.is_symlink()
    assert "MCP contract diff" in real.read_text()


def test_output_to_a_device_is_written_through_not_replaced(tmp_path: Path) -> None:
    before = os.stat("/dev/null")
    run = run_mcpvcr("score", str(DEMO), "-o", "/dev/null")
    assert run.returncode in (0, 1), run.stderr
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_ino == before.st_ino


def test_fifo_without_a_reader_is_refused_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(CassetteError, match="cannot be written"):
        store.write_bytes_atomic(b"x", fifo)
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_a_socket_is_refused(tmp_path: Path) -> None:
    import socket

    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        with pytest.raises(CassetteError, match="not a regular file"):
            store.write_bytes_atomic(b"x", path)
        assert stat.S_ISSOCK(os.stat(path).st_mode)
    finally:
        server.close()


def test_existing_mode_is_kept_and_new_files_are_0644_or_private(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        existing = tmp_path / "private.mcpvcr"
        existing.write_bytes(b"")
        existing.chmod(0o600)
        store.save(store.load(DEMO), existing)
        assert stat.S_IMODE(existing.stat().st_mode) == 0o600
        fresh = tmp_path / "fresh.mcpvcr"
        store.save(store.load(DEMO), fresh)
        assert stat.S_IMODE(fresh.stat().st_mode) == 0o644
        private = tmp_path / "serve.mcpvcr"
        store.save(store.load(DEMO), private, private=True)
        assert stat.S_IMODE(private.stat().st_mode) == 0o600
    finally:
        os.umask(old)
