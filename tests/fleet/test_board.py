"""The leaderboard and the fleet gate over fleet directories (offline, committed cassettes)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from mcpvcr import store
from mcpvcr.fleet import board, board_render
from mcpvcr.fleet.index import write_index
from mcpvcr.fleet.summary import sha256
from mcpvcr.score import score

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "cassettes" / "demo_target.mcpvcr"
EVERYTHING = REPO / "cassettes" / "everything.mcpvcr"
HOSTILE = '<script>alert("x")</script> | `tick` **bold** [l](http://evil.example/)'


def fleet_dir(path: Path, servers: dict[str, Any], shard: str | None = None) -> str:
    """A fleet directory: name -> a cassette to copy in, or an outcome string (not recorded)."""
    path.mkdir(parents=True, exist_ok=True)
    entries = []
    for index, (name, what) in enumerate(sorted(servers.items())):
        entry: dict[str, Any] = {"key": name, "name": name, "version": "1", "seconds": 1.5}
        if isinstance(what, Path):
            file = f"s{index}.mcpvcr"
            shutil.copy(what, path / file)
            entry |= {
                "outcome": "recorded",
                "cassette": file,
                "cassetteSha256": sha256(what.read_bytes()),
            }
        else:
            entry |= {"outcome": what, "cassette": None, "reason": HOSTILE}
        entries.append(entry)
    write_index(path, {"shard": shard, "inputSha256": "abc"}, entries)
    return str(path)


def mcpvcr(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mcpvcr", *args],
        capture_output=True,
        text=True,
        cwd=REPO,
        stdin=subprocess.DEVNULL,
        timeout=120,
    )


def test_rows_rescored_and_ranked_best_first(tmp_path: Path) -> None:
    one = fleet_dir(tmp_path / "a", {"demo": DEMO, "everything": EVERYTHING, "down": "failed"})
    table = board.rows(board.merge([one]))
    assert [r["name"] for r in table] == ["everything", "demo", "down"]
    demo = table[1]
    expected = score(store.load(str(DEMO)))  # rescored with the offline scorer, not stored
    assert demo["grade"] == expected.grade and demo["score"] == expected.overall
    assert set(demo["dimensions"]) == {"metadata", "schemaQuality", "errorHandling", "liveness"}
    assert demo["tools"] == 4 and demo["coverage"]["fuzzed"] == 4
    assert table[2]["outcome"] == "failed" and table[2].get("score") is None


def test_html_is_self_contained_and_escapes_server_text(tmp_path: Path) -> None:
    one = fleet_dir(tmp_path / "a", {HOSTILE: DEMO, "down": "timeout"})
    table = board.rows(board.merge([one]))
    page = board_render.render(table, board.totals(table), [f"warn {HOSTILE}"], "html")
    assert "<script>alert" not in page and "&lt;script&gt;alert(&quot;x&quot;)" in page
    assert page.count("<script>") == 1  # only the sorting script
    assert not re.search(r"\b(src|href)\s*=", page) and "@import" not in page
    assert "default-src 'none'" in page


def test_markdown_cells_stay_cells(tmp_path: Path) -> None:
    one = fleet_dir(tmp_path / "a", {HOSTILE: DEMO, "down": "failed"})
    table = board.rows(board.merge([one]))
    text = board_render.render(table, board.totals(table), [], "markdown")
    rows = [line for line in text.splitlines() if line.startswith("| ") and "---" not in line]
    header_cells = rows[0].count(" | ")
    assert all(re.sub(r"\\\|", "", row).count(" | ") == header_cells for row in rows[1:])
    for line in rows[1:]:  # nothing a server wrote stays live Markdown or HTML
        assert not re.search(r"<|(?<!\\)[\[\]*`]", line), line


def test_merge_reports_missing_shards_and_conflicts(tmp_path: Path) -> None:
    zero = fleet_dir(tmp_path / "s0", {"demo": DEMO}, shard="0/3")
    two = fleet_dir(tmp_path / "s2", {"demo": EVERYTHING}, shard="2/3")
    merged = board.merge([zero, two])
    assert any("shards missing of 3: 1" in w for w in merged.warnings)
    assert any(w.startswith("demo: in ") for w in merged.warnings)


def test_score_cli_json_and_html_file(tmp_path: Path) -> None:
    one = fleet_dir(tmp_path / "a", {"demo": DEMO})
    two = fleet_dir(tmp_path / "b", {"everything": EVERYTHING})
    done = mcpvcr("score", one, two, "--format", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert [s["name"] for s in data["servers"]] == ["everything", "demo"]
    assert data["summary"]["outcomes"] == {"recorded": 2}
    out = tmp_path / "board.html"
    assert mcpvcr("score", one, two, "--format", "html", "-o", str(out)).returncode == 0
    assert out.read_text().startswith("<!DOCTYPE html>")
    low = mcpvcr("score", one, two, "--min-score", "80")
    assert low.returncode == 1 and "demo" in low.stderr.splitlines()[-1]


def test_fleet_gate_fails_and_names_the_regressed_servers(tmp_path: Path) -> None:
    base = fleet_dir(tmp_path / "base", {"a": EVERYTHING, "b": DEMO, "c": DEMO, "gone": DEMO})
    new = fleet_dir(tmp_path / "new", {"a": DEMO, "b": DEMO, "c": "timeout", "added": DEMO})
    done = mcpvcr("gate", base, new, "--format", "json")
    assert done.returncode == 1, done.stderr
    verdict = json.loads(done.stdout)
    assert [r["server"] for r in verdict["regressions"]] == ["a", "c"]
    assert any("breaking" in reason for reason in verdict["regressions"][0]["reasons"])
    assert verdict["passed"] == ["b"] and verdict["added"] == ["added"]
    assert verdict["removed"] == ["gone"]
    assert "a, c" in done.stderr.splitlines()[-1]


def test_fleet_gate_passes_on_an_unchanged_fleet(tmp_path: Path) -> None:
    base = fleet_dir(tmp_path / "base", {"a": EVERYTHING, "b": DEMO})
    done = mcpvcr("gate", base, base)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("fleet gate passed: 0 of 2")


def test_fleet_gate_needs_two_directories(tmp_path: Path) -> None:
    base = fleet_dir(tmp_path / "base", {"b": DEMO})
    done = mcpvcr("gate", base, str(DEMO))
    assert done.returncode == 2 and "NEW must be one too" in done.stderr


def test_a_folder_of_shard_folders_is_merged(tmp_path: Path) -> None:
    fleet_dir(tmp_path / "shards" / "fleet-shard-0", {"demo": DEMO}, shard="0/2")
    fleet_dir(tmp_path / "shards" / "fleet-shard-1", {"everything": EVERYTHING}, shard="1/2")
    merged = board.merge([str(tmp_path / "shards")])
    assert sorted(merged.entries) == ["demo", "everything"] and merged.warnings == []
    base = fleet_dir(tmp_path / "base", {"demo": DEMO, "everything": EVERYTHING})
    assert mcpvcr("gate", base, str(tmp_path / "shards")).returncode == 0
