"""mcpvcr.disk_cache and the stored metaschema verdicts."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mcpvcr import disk_cache

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("MCPVCR_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.delenv("MCPVCR_NO_CACHE", raising=False)
    yield tmp_path / "cache"


def test_the_key_is_private_and_lives_outside_the_cache(cache_dir: Path, tmp_path: Path) -> None:
    table = disk_cache.Table("t")
    table.put("k", 1)
    table.save()
    key = disk_cache.key_path()
    assert key.parent.parent == tmp_path / "state" and not key.is_relative_to(cache_dir)
    assert key.stat().st_mode & 0o777 == 0o600 and key.parent.stat().st_mode & 0o777 == 0o700
    assert len(key.read_bytes()) == 32


def test_a_table_written_under_another_key_is_not_read(
    cache_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A cache directory restored from another job (or forged) carries no key that verifies."""
    table = disk_cache.Table("verdicts")
    table.put("poisoned-tool", "clean")
    table.save()
    assert disk_cache.Table("verdicts").get("poisoned-tool") == "clean"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "other-user-state"))
    assert disk_cache.Table("verdicts").get("poisoned-tool") is None


def test_a_forged_payload_with_a_recomputed_checksum_is_not_read(cache_dir: Path) -> None:
    import msgpack

    table = disk_cache.Table("verdicts")
    table.put("tool", "flagged")
    table.save()
    path = cache_dir / "verdicts.msgpack"
    raw = path.read_bytes()
    forged = msgpack.packb({"tool": "clean"})
    path.write_bytes(raw[: len(raw) - len(msgpack.packb({"tool": "flagged"}))] + forged)
    assert disk_cache.Table("verdicts").get("tool") is None
    # and a table renamed to another table's name does not verify under that name
    table = disk_cache.Table("a")
    table.put("k", 1)
    table.save()
    (cache_dir / "a.msgpack").rename(cache_dir / "b.msgpack")
    assert disk_cache.Table("b").get("k") is None


def test_a_key_that_others_can_read_turns_caching_off(cache_dir: Path) -> None:
    key = disk_cache.key_path()
    key.parent.mkdir(parents=True)
    key.write_bytes(b"k" * 32)
    key.chmod(0o644)
    table = disk_cache.Table("t")
    table.put("k", 1)
    table.save()
    assert not (cache_dir / "t.msgpack").exists()
    assert disk_cache.Table("t").get("k") is None


def test_a_table_survives_the_process_and_a_damaged_file_reads_as_empty(cache_dir: Path) -> None:
    table = disk_cache.Table("t")
    table.put("k", [1, "two", None])
    table.save()
    assert disk_cache.Table("t").get("k") == [1, "two", None]
    path = cache_dir / "t.msgpack"
    damaged = bytearray(path.read_bytes())
    damaged[-1] ^= 0xFF
    path.write_bytes(bytes(damaged))
    assert disk_cache.Table("t").get("k") is None
    path.write_bytes(b"")
    assert disk_cache.Table("t").get("k") is None


def test_no_cache_writes_nothing_and_an_unwritable_dir_fails_silently(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("MCPVCR_NO_CACHE", "1")
    table = disk_cache.Table("t")
    table.put("k", 1)
    table.save()
    assert not cache_dir.exists()
    monkeypatch.delenv("MCPVCR_NO_CACHE")
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("MCPVCR_CACHE_DIR", str(blocker / "cache"))
    table = disk_cache.Table("t")
    table.put("k", 1)
    table.save()  # no exception: the next run simply does the work again


def test_a_full_table_keeps_only_what_this_process_used(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(disk_cache, "MAX_ENTRIES", 3)
    table = disk_cache.Table("t")
    for key in "abcd":
        table.put(key, 1)
    table.save()
    fresh = disk_cache.Table("t")
    assert fresh.get("a") == 1
    fresh.put("e", 1)
    fresh.save()
    again = disk_cache.Table("t")
    assert [again.get(k) for k in "abcde"] == [1, None, None, None, 1]


def _verdict_run(env: dict[str, str]) -> dict[str, object]:
    script = (
        "import json, sys\n"
        "from mcpvcr.lint.metaschema import schema_problem\n"
        "bad = {'type': 'object', 'properties': {'n': {'type': 'integr'}}}\n"
        "good = {'type': 'object', 'properties': {'n': {'type': 'integer'}}}\n"
        "print(json.dumps({'bad': schema_problem(bad), 'good': schema_problem(good),\n"
        "                  'imported': 'jsonschema' in sys.modules}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_stored_schema_verdicts_are_the_same_and_skip_jsonschema(cache_dir: Path) -> None:
    import os

    env = {**os.environ, "MCPVCR_CACHE_DIR": str(cache_dir)}
    env.pop("MCPVCR_NO_CACHE", None)
    cold, warm = _verdict_run(env), _verdict_run(env)
    assert cold["imported"] is True and warm["imported"] is False
    assert cold["good"] is None and warm["good"] is None
    assert "integr" in str(cold["bad"]) and warm["bad"] == cold["bad"]
    off = _verdict_run({**env, "MCPVCR_NO_CACHE": "1"})
    assert off["imported"] is True and off["bad"] == cold["bad"]
