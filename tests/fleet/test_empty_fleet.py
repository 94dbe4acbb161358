"""An empty fleet never passes silently (issue 25, item 4): a mistyped path in CI fails."""

from __future__ import annotations

from pathlib import Path

from tests.fleet.test_board import DEMO, fleet_dir, mcpvcr


def _one_line_error(done_stderr: str, directory: Path) -> None:
    lines = done_stderr.strip().splitlines()
    assert len(lines) == 1, done_stderr
    assert str(directory) in lines[0] and "no servers" in lines[0]
    assert "Traceback" not in done_stderr


def test_score_of_an_empty_directory_fails(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done = mcpvcr("score", f"{empty}/", "--min-score", "90")
    assert done.returncode == 3 and done.stdout == ""
    _one_line_error(done.stderr, empty)


def test_gate_of_empty_directories_fails(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    done = mcpvcr("gate", f"{empty}/", f"{empty}/")
    assert done.returncode == 3 and done.stdout == ""
    _one_line_error(done.stderr, empty)


def test_gate_with_an_empty_new_side_fails(tmp_path: Path) -> None:
    base = fleet_dir(tmp_path / "base", {"demo": DEMO})
    empty = tmp_path / "new"
    empty.mkdir()
    (empty / "notes.txt").write_text("not a cassette")
    done = mcpvcr("gate", base, str(empty))
    assert done.returncode == 3
    _one_line_error(done.stderr, empty)


def test_a_fleet_with_one_server_still_scores(tmp_path: Path) -> None:
    """Mirror: one server is enough; the check is about an empty fleet only."""
    base = fleet_dir(tmp_path / "base", {"demo": DEMO})
    done = mcpvcr("score", base)
    assert done.returncode == 0, done.stderr
    assert "demo" in done.stdout


def test_a_folder_of_json_cassettes_is_a_fleet(tmp_path: Path) -> None:
    """Not empty: README recommends the JSON form, and a plain folder of it is scored."""
    from mcpvcr import store

    folder = tmp_path / "json"
    folder.mkdir()
    store.save(store.load(DEMO), folder / "demo.mcpvcr.json")
    done = mcpvcr("score", str(folder), "--format", "json")
    assert done.returncode == 0, done.stderr
    assert '"name": "demo"' in done.stdout
