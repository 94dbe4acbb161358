"""Saving is atomic and never loses the cassette already on disk."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mcpvcr import codec, store
from mcpvcr.cassette import Cassette
from mcpvcr.errors import CassetteError, CassetteNotFound
from tests.builders import cassette


def small_cassette(name: str = "tool") -> Cassette:
    return cassette(tools=[{"name": name}])


def test_save_then_load_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "a.mcpvcr"
    written = store.save(small_cassette(), path)
    assert written == path.stat().st_size
    assert store.load(path).tools == [{"name": "tool"}]
    assert os.listdir(tmp_path) == ["a.mcpvcr"]


def test_saved_file_is_readable_by_group_and_others_per_umask(tmp_path: Path) -> None:
    previous = os.umask(0o022)
    try:
        path = tmp_path / "perm.mcpvcr"
        store.save(small_cassette(), path)
    finally:
        os.umask(previous)
    assert path.stat().st_mode & 0o777 == 0o644


def test_failed_encode_keeps_previous_file_and_leaves_no_temp(tmp_path: Path) -> None:
    path = tmp_path / "keep.mcpvcr"
    store.save(small_cassette("old"), path)
    before = path.read_bytes()
    broken = small_cassette()
    broken.body["tools"]["items"] = [{"name": "x", "blob": b"not json"}]
    with pytest.raises(TypeError):
        store.save(broken, path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["keep.mcpvcr"]


def test_interrupted_write_keeps_previous_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "keep.mcpvcr"
    store.save(small_cassette("old"), path)
    before = path.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        store.save(small_cassette("new"), path)
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == ["keep.mcpvcr"]


def test_missing_directory_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(CassetteError, match="cannot be written"):
        store.save(small_cassette(), tmp_path / "no" / "such" / "dir.mcpvcr")


def test_load_errors_name_the_file(tmp_path: Path) -> None:
    with pytest.raises(CassetteNotFound, match=r"missing\.mcpvcr: no such cassette"):
        store.load(tmp_path / "missing.mcpvcr")
    with pytest.raises(CassetteError, match="is a directory"):
        store.load(tmp_path)


def test_decoded_file_is_canonical(tmp_path: Path) -> None:
    path = tmp_path / "c.mcpvcr"
    store.save(small_cassette(), path)
    assert codec.is_canonical(path.read_bytes())


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.mcpvcr"
    os.mkfifo(fifo)
    with pytest.raises(CassetteError, match="is not a regular file"):
        store.load(fifo)
